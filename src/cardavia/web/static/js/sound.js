// The table's sounds: a piece played, the player's turn, a hidden thing shown (a game's trump).
// Off until the player turns them on (the choice is remembered in this browser); played through
// the system's own output and volume, never while the page is hidden, and made here as short
// tones, so there is no sound file to fetch.

const KEY = "cardavia.sound";
// each sound: its tones in turn, as [frequency in Hz, seconds]
const TONES = {
  piece: [[660, 0.05]],
  turn: [[523, 0.08], [784, 0.12]],
  reveal: [[392, 0.09], [523, 0.09], [659, 0.16]],
};
let audio = null;

export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* a private window keeps nothing */ }
}

/** Plays the sound `kind` ("piece", "turn", "reveal") if the player turned sounds on. */
export function playSound(kind) {
  const tones = TONES[kind];
  if (!tones || !soundOn() || document.hidden) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  let at = audio.currentTime;
  for (const [frequency, seconds] of tones) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    // a soft start and end: no click
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds + 0.02);
    at += seconds;
  }
}
