// Telling a person it is their move when they are not looking: a screen
// reader announcement, a short sound (off under automation, and switchable),
// and a badge on the tab.

const live = () => document.getElementById("announce");

/** Say ``text`` to screen readers (``urgent``: interrupt them, for penalties). */
export function announce(text, urgent = false) {
  const box = live();
  if (!box) return;
  box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  box.textContent = "";
  setTimeout(() => { box.textContent = text; }, 30); // a change they will read even if the words repeat
}

const SOUND_KEY = "houserules:sound";

/** Sound is on by default for people and off for test browsers (navigator.webdriver). */
export function soundOn() {
  const saved = localStorage.getItem(SOUND_KEY);
  return saved === null ? !navigator.webdriver : saved === "on";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}

const LOW_TIME_KEY = "houserules:low-time-sound";

/** The low-time beep is off unless the person switched it on (a beep mid-thought startles). */
export function lowTimeSoundOn() {
  return localStorage.getItem(LOW_TIME_KEY) === "on";
}

export function setLowTimeSound(on) {
  localStorage.setItem(LOW_TIME_KEY, on ? "on" : "off");
}

let audio;
/** A short tone at ``pitch`` Hz, ``after`` seconds from now. */
function chime(pitch = 660, after = 0) {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const start = audio.currentTime + after;
    osc.frequency.value = pitch;
    gain.gain.setValueAtTime(0.08, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.35);
  } catch {
    // no audio here: the badge and the announcement still tell
  }
}

/** It has just become this person's move. */
export function turnAlert() {
  announce("Your move");
  if (soundOn() && document.hidden) chime();
}

/** The person's own clock has just run low: say so, and two high beeps if they asked for them. */
export function lowTimeAlert() {
  announce("Your time is running out", true);
  if (lowTimeSoundOn()) {
    chime(880);
    chime(880, 0.2);
  }
}
