// @ts-check
// The minimum share of games finished that a quick match or a rated open table asks of its players (the server enforces it).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { MIN_COMPLETIONS, minCompletionOf } from "./completionrules.js";

/** Games between people below which a player always qualifies (the server's NEW_PLAYER_GAMES). */
export const NEW_PLAYER_GAMES = 10;

/**
 * The words of a minimum: "Anyone", "At least 90% of them".
 * @param {number | null} minimum
 */
export function minCompletionWords(minimum) {
  return minimum === null ? t("completion.min_any") : t("completion.min_at_least", { minimum });
}

/**
 * A labelled choice of the minimum, with the rule for new players under it.
 * @param {number | null} value
 * @param {(minimum: number | null) => void} onchange
 * @param {string} id  the select's id (its note is `${id}-note`)
 */
export function minCompletionField(value, onchange, id) {
  return h("div", { class: "field min-completion" },
    h("label", { for: id }, t("completion.min_label")),
    h("select", { id, name: "min_completion", dataset: { focus: id }, "aria-describedby": `${id}-note`,
      onchange: (/** @type {Event} */ event) => onchange(minCompletionOf(/** @type {HTMLSelectElement} */ (event.target).value)) },
    MIN_COMPLETIONS.map((minimum) => h("option", { value: minimum === null ? "" : String(minimum), selected: minimum === value }, minCompletionWords(minimum)))),
    h("p", { class: "muted", id: `${id}-note` }, t("completion.min_note", { count: NEW_PLAYER_GAMES })));
}
