// The header: language selector (applies on change) and the three display sliders.
const prefs = window.CardaviaPrefs;
const lang = document.documentElement.lang || "en";
const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });

const form = document.querySelector("form.language");
if (form) {
  const go = form.querySelector(".language-go");
  if (go) go.hidden = true;
  form.querySelector("select").addEventListener("change", () => form.submit());
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
