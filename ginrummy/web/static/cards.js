// Cards drawn in HTML and CSS: rank and suit in the corners, a large suit (or face letter) in the middle.
import { h } from "./dom.js";
import { cardSpoken, t } from "./i18n.js";

export const RANKS = "A23456789TJQK";
export const SUIT_ORDER = "SHCD"; // black, red, black, red: neighbours never share a colour
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function rankOf(name) {
  return RANKS.indexOf(name[0]);
}

export function suitOf(name) {
  return name[1];
}

export function rankLabel(name) {
  return name[0] === "T" ? "10" : name[0];
}

/** A card's deadwood value (R8): ace 1, number cards their number, faces 10. */
export function cardValue(name) {
  const rank = rankOf(name) + 1;
  return Math.min(rank, 10);
}

export function byRank(a, b) {
  return rankOf(a) - rankOf(b) || SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b));
}

export function bySuit(a, b) {
  return SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b)) || rankOf(a) - rankOf(b);
}

/** A meld's cards in reading order: a run by rank, a set by suit. */
export function meldOrder(meld) {
  return [...meld].sort(byRank);
}

/**
 * A card face. `options.tag` ("div" by default, "button" for a card one can play),
 * `options.attrs` extra attributes, `options.classes` extra classes.
 */
export function cardFace(name, options = {}) {
  const suit = suitOf(name);
  const symbol = SUIT_SYMBOLS[suit];
  const rank = rankLabel(name);
  const face = "JQK".includes(name[0]);
  const corner = (extra) => h("span", { class: `idx ${extra}`, "aria-hidden": "true" },
    h("span", { class: "r" }, rank), h("span", { class: "s" }, symbol));
  const middle = face
    ? h("span", { class: "mid face", "aria-hidden": "true" }, h("span", { class: "fl" }, rank), h("span", { class: "fs" }, symbol))
    : h("span", { class: `mid${name[0] === "A" ? " ace" : ""}`, "aria-hidden": "true" }, symbol);
  if (options.tag === "button") {
    // a button is named by its content, which starts with what it shows: "4♦, four of diamonds"
    const shown = h("span", { class: "idx tl" }, h("span", { class: "r" }, rank), h("span", { class: "s" }, symbol));
    return h("button", {
      type: "button", class: ["card", `s-${suit}`, ...(options.classes || [])], "data-card": name, ...(options.attrs || {}),
    }, shown, h("span", { class: "sr-only" }, `, ${cardSpoken(name)}`), middle, corner("br"));
  }
  return h(options.tag || "div", {
    class: ["card", `s-${suit}`, ...(options.classes || [])],
    "data-card": name,
    "aria-label": `${rank}${symbol}, ${cardSpoken(name)}`,
    role: "img",
    ...(options.attrs || {}),
  }, corner("tl"), middle, corner("br"));
}

export function cardBack(options = {}) {
  return h(options.tag || "div", {
    class: ["card", "back", ...(options.classes || [])],
    "aria-label": t("card.back"),
    ...(options.tag === "button" ? { type: "button" } : { role: "img" }),
    ...(options.attrs || {}),
  });
}

/** A row of small cards (a meld, a list of unmatched cards). */
export function cardRow(names, classes = []) {
  return h("div", { class: ["cards-row", ...classes] }, (names || []).map((name) => cardFace(name, { classes: ["small"] })));
}
