// @ts-check
// A finished rated game's rating changes on its game-over panel (PROTOCOL.md "Rated games":
// `state.rating_changes`): "anna: 1500 → 1611 (+111), provisional", one line per player.
import { seatName } from "./describe.js";
import { h } from "./dom.js";
import { numberText, t } from "./i18n.js";
import { ratingText } from "./ratingtext.js";

/** @typedef {{ seat: number, before: number, after: number, change: number, provisional: boolean }} RatingChange */

/**
 * A change as a reader writes it: "+111", "−40" (a minus sign), "±0".
 * @param {number} change
 */
export function signed(change) {
  if (change > 0) return `+${numberText(change)}`;
  if (change < 0) return `\u2212${numberText(-change)}`;
  return "\u00b10";
}

/**
 * One player's line.
 * @param {string} name
 * @param {RatingChange} change
 */
export function ratingLine(name, change) {
  const params = { name, before: ratingText(change.before), after: ratingText(change.after), change: signed(change.change) };
  return t(change.provisional ? "over.rating_provisional" : "over.rating", params);
}

/**
 * The panel's part saying how the game moved each player's rating (null: not rated, or not
 * known yet: a snapshot brings them a moment after the end).
 * @param {any} state the finished game's state
 */
export function ratingChanges(state) {
  /** @type {RatingChange[] | undefined} */
  const changes = state.rating_changes;
  if (!state.rated || !changes || !changes.length) return null;
  return h("div", { class: "rating-changes" },
    h("h3", {}, t("over.ratings")),
    h("ul", {}, changes.map((change) => h("li", { dataset: { seat: change.seat } }, ratingLine(seatName(state, change.seat), change)))));
}
