// Optional sounds (Display menu, off by default): a soft tone when it is your turn, two when the
// other player knocks. Made with Web Audio: no sound files.
import { store } from "./dom.js";

let context = null;

export function soundOn() {
  return Boolean(store.get("gin.sound", false));
}

/** Called from the click that turns sound on: browsers allow audio only after a gesture. */
export function unlockSound() {
  try {
    context = context || new AudioContext();
    if (context.state === "suspended") context.resume();
  } catch {
    context = null; // no Web Audio: the game stays silent
  }
}

function tone(frequency, start, length) {
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, context.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.15, context.currentTime + start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + start + length);
  osc.connect(gain).connect(context.destination);
  osc.start(context.currentTime + start);
  osc.stop(context.currentTime + start + length + 0.05);
}

/** "turn" or "knock". */
export function play(kind) {
  if (!soundOn()) return;
  if (!context) unlockSound();
  if (!context) return;
  if (kind === "knock") {
    tone(392, 0, 0.12);
    tone(392, 0.18, 0.12);
  } else {
    tone(660, 0, 0.18);
  }
}
