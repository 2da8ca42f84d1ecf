// The interface's words: the catalogue of GET /api/i18n/{lang}, English or Italian.
import { store } from "./dom.js";

export const LANGUAGES = ["en", "it"];
export const LANGUAGE_NAMES = { en: "English", it: "Italiano" };
const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

let strings = {};
let current = "en";

/** The language to start in: the one chosen before, else the browser's (Accept-Language). */
export function preferredLanguage() {
  const saved = store.get("gin.lang");
  if (LANGUAGES.includes(saved)) return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export async function loadLanguage(lang) {
  const code = LANGUAGES.includes(lang) ? lang : "en";
  const response = await fetch(`/api/i18n/${code}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`no strings for ${code}: ${response.status}`);
  const body = await response.json();
  strings = body.strings || {};
  current = code;
  document.documentElement.lang = code;
  return code;
}

export function chooseLanguage(lang) {
  store.set("gin.lang", lang);
  return loadLanguage(lang);
}

export function language() {
  return current;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(strings, key);
}

/** The message `key` with its {placeholders} filled in (the key itself if it is missing). */
export function t(key, params = {}) {
  const template = has(key) ? strings[key] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A plural: `key.one` for 1, else `key.other`; `count` is passed on. */
export function tp(key, count, params = {}) {
  return t(`${key}.${count === 1 ? "one" : "other"}`, { count, ...params });
}

/** "7H" as "7♥", "TS" as "10♠" (both languages: symbols never clash with words). */
export function cardText(name) {
  if (!name || name.length !== 2) return String(name ?? "");
  const rank = name[0] === "T" ? "10" : name[0];
  return rank + (SUIT_SYMBOLS[name[1]] || name[1]);
}

export function cardsText(names) {
  return (names || []).map(cardText).join(" ");
}

export function meldsText(melds) {
  return (melds || []).map((meld) => `[${cardsText(meld)}]`).join(" ");
}

/** "the J♣" in English, "il J♣" or "l'8♣" in Italian (asso and otto begin with a vowel). */
export function theCard(name) {
  return t("A8".includes(name[0]) ? "card.the_vowel" : "card.the", { card: cardText(name) });
}

/** "seven of hearts", for screen readers. */
export function cardSpoken(name) {
  return t("card.name", { rank: t(`rank.${name[0]}`), suit: t(`suit.${name[1]}`) });
}

/** A number in the reader's style (decimal comma in Italian). */
export function numberText(value) {
  return new Intl.NumberFormat(current === "it" ? "it-IT" : "en-GB").format(value);
}
