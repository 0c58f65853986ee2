// Display preferences (Contrast, Grain, Color temperature), applied before the first paint.
// Loaded synchronously in <head> (an external file: the CSP forbids inline scripts), so the
// page never flashes at the default look. header.js wires the sliders to the same function.
(function () {
  "use strict";
  var KEYS = ["contrast", "grain", "temperature"];

  function clamp(v) {
    v = Number(v);
    if (!isFinite(v)) return 50;
    return Math.max(0, Math.min(100, Math.round(v)));
  }

  function read() {
    var prefs = {};
    for (var i = 0; i < KEYS.length; i++) {
      var stored = null;
      try { stored = window.localStorage.getItem("cardavia.pref." + KEYS[i]); } catch (e) { /* private mode */ }
      prefs[KEYS[i]] = stored === null ? 50 : clamp(stored);
    }
    return prefs;
  }

  // 50 % is neutral for all three: contrast x1, a light grain, no tint.
  function apply(prefs) {
    var root = document.documentElement.style;
    root.setProperty("--contrast", String(0.6 + prefs.contrast * 0.008));
    root.setProperty("--grain", String(prefs.grain / 100 * 0.36));
    var t = prefs.temperature - 50;           // < 0 warm, > 0 cool
    var strength = Math.abs(t) / 50 * 0.22;
    root.setProperty("--tint-color", t < 0 ? "rgb(255, 150, 60)" : "rgb(120, 170, 255)");
    root.setProperty("--tint-alpha", String(strength));
  }

  window.CardaviaPrefs = {
    keys: KEYS,
    read: read,
    apply: apply,
    save: function (key, value) {
      try { window.localStorage.setItem("cardavia.pref." + key, String(clamp(value))); } catch (e) { /* ignore */ }
    },
  };
  apply(read());
})();
