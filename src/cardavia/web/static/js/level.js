// The tradition page's "Opponents" choice: remembered per browser, carried to the table.
// The form works without this script (GET /traditions/<slug>/table?level=<level>, Normal checked);
// the script only restores the last choice and remembers a new one. The table page reads the same
// localStorage key for its own New game, and ?level= when it opens a table from here.
const KEY = "cardavia.level";
const LEVELS = ["easy", "normal", "hard"];

function stored() {
  try {
    const value = localStorage.getItem(KEY);
    return LEVELS.includes(value) ? value : null;
  } catch (e) {
    return null; // storage refused (private mode): Normal, as the page was served
  }
}

for (const form of document.querySelectorAll("form.play-form")) {
  const level = stored();
  if (level) {
    const radio = form.querySelector(`input[name="level"][value="${level}"]`);
    if (radio) radio.checked = true;
  }
  form.addEventListener("change", (event) => {
    const input = event.target;
    if (input.name !== "level" || !LEVELS.includes(input.value)) return;
    try {
      localStorage.setItem(KEY, input.value);
    } catch (e) {
      /* not remembered; the choice still travels in the URL */
    }
  });
}
