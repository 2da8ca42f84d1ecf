// @ts-check
// How the table reaches the player: whether they play by touch (then no key is named to them),
// whether the hand should take the keyboard's focus, and how news (their turn, a rematch
// offer) reaches a player who is not looking at the table. The decisions are plain functions;
// watchInput() is the one place that listens to the page.

/** @typedef {"touch" | "mouse" | "key" | null} InputKind */

/** The last kind of input the player used on this page (null: none yet). */
let lastInput = /** @type {InputKind} */ (null);

/**
 * Whether the player plays by touch: the last input was a touch; before any input, whether the
 * device's main pointer is coarse (a phone, a tablet).
 * @param {{ coarse: boolean, last: InputKind }} seen
 * @returns {boolean}
 */
export function playsByTouch({ coarse, last }) {
  if (last === "touch") return true;
  if (last === "mouse" || last === "key") return false;
  return coarse;
}

/**
 * The catalogue key of a status line: its touch wording (`<key>.touch`, naming no key) for a
 * player who plays by touch.
 * @param {string} key
 * @param {boolean} touch
 * @returns {string}
 */
export function statusKey(key, touch) {
  return touch ? `${key}.touch` : key;
}

/**
 * Whether the hand takes the focus now: the player's turn has just come, they may use a
 * keyboard (not by touch), and nothing else holds the focus (a chat line being typed keeps it).
 * @param {{ turnCame: boolean, touch: boolean, focused: string | null }} moment
 *   focused: the tag name of the focused element, null or "BODY" when nothing is focused
 * @returns {boolean}
 */
export function handTakesFocus({ turnCame, touch, focused }) {
  return turnCame && !touch && (focused === null || focused === "BODY");
}

/**
 * @typedef {{ myTurn: boolean, offerFrom: string | null }} Moment
 *   what the player is told about: whether it is their turn, who offers a rematch (null: nobody)
 */

/**
 * The news between two moments of a table: "turn" when the player's turn has come, "offer"
 * when a rematch offer has come. The first moment seen (before: null) brings an offer already
 * standing, not the turn (the table itself shows it).
 * @param {Moment | null} before
 * @param {Moment} after
 * @returns {("turn" | "offer")[]}
 */
export function newsBetween(before, after) {
  /** @type {("turn" | "offer")[]} */
  const news = [];
  if (before && after.myTurn && !before.myTurn) news.push("turn");
  if (after.offerFrom !== null && (!before || before.offerFrom !== after.offerFrom)) news.push("offer");
  return news;
}

/**
 * Where news goes: "system" (the browser's notification) when the page is hidden and the player
 * has turned notifications on and allowed them; "page" (a notice on the page) otherwise.
 * @param {{ hidden: boolean, wanted: boolean, permission: string }} page
 * @returns {"system" | "page"}
 */
export function newsChannel({ hidden, wanted, permission }) {
  return hidden && wanted && permission === "granted" ? "system" : "page";
}

/** Whether the player plays by touch on this page now. */
export function touchNow() {
  const coarse = typeof window !== "undefined" && Boolean(window.matchMedia) && window.matchMedia("(pointer: coarse)").matches;
  return playsByTouch({ coarse, last: lastInput });
}

/** Listen to the page's input (once): a touch, a mouse or a key tells how the player plays. */
export function watchInput() {
  if (typeof document === "undefined" || document.documentElement.dataset.inputWatched) return;
  document.documentElement.dataset.inputWatched = "1";
  document.addEventListener("pointerdown", (event) => {
    lastInput = event.pointerType === "touch" || event.pointerType === "pen" ? "touch" : "mouse";
  }, { capture: true, passive: true });
  document.addEventListener("keydown", (event) => {
    // a phone's on-screen keyboard typing a chat line is no keyboard to play with
    const target = /** @type {HTMLElement | null} */ (event.target instanceof HTMLElement ? event.target : null);
    const field = target && (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable);
    if (!field && event.key !== "Unidentified") lastInput = "key";
  }, { capture: true, passive: true });
}
