// The header: language selector (applies only when confirmed) and the three display sliders.
const prefs = window.CardaviaPrefs;
const lang = document.documentElement.lang || "en";
const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });

// A choice is applied by the Change button or by Enter on the selector, never on "change": one
// arrow key on a closed <select> fires "change", and reloading then would take a keyboard user
// to another language before they have read the list. The button stands out once a choice differs.
const form = document.querySelector("form.language");
if (form) {
  const select = form.querySelector("select");
  const go = form.querySelector(".language-go");
  const current = select.value;
  const mark = () => go && go.classList.toggle("primary", select.value !== current);
  select.addEventListener("change", mark);
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && select.value !== current) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  mark();
}

// A phone's Display button shows or hides the sliders (a wide screen shows them and no button)
const toggle = document.getElementById("sliders-toggle");
const sliders = document.getElementById("sliders");
if (toggle && sliders) {
  toggle.addEventListener("click", () => {
    const shown = sliders.classList.toggle("shown");
    toggle.setAttribute("aria-expanded", String(shown));
  });
}

if (prefs) {
  const values = prefs.read();
  for (const input of document.querySelectorAll("input[data-pref]")) {
    const key = input.dataset.pref;
    const output = document.querySelector(`output[data-for="${key}"]`);
    const show = () => {
      if (output) output.textContent = percent.format(Number(input.value) / 100);
      input.setAttribute("aria-valuetext", percent.format(Number(input.value) / 100));
    };
    input.value = String(values[key]);
    show();
    input.addEventListener("input", () => {
      values[key] = Number(input.value);
      prefs.apply(values);
      prefs.save(key, input.value);
      show();
    });
  }
}
