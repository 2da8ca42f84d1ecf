// @ts-check
// A rating as every page writes it: the number in the reader's style, then "?" while it is provisional.
import { numberText } from "./i18n.js";

const SHOWN = /^(-?\d+)(\?)?$/;

/**
 * "1,611?" in English and "1611?" in Italian, from the server's shown text ("1611?") or a
 * number (with whether it is provisional); anything else is shown as it came.
 * @param {string | number | null | undefined} rating
 * @param {boolean} [provisional]
 * @returns {string}
 */
export function ratingText(rating, provisional = false) {
  if (rating === null || rating === undefined) return "";
  if (typeof rating === "number") return numberText(Math.round(rating)) + (provisional ? "?" : "");
  const found = SHOWN.exec(String(rating).trim());
  if (!found) return String(rating);
  return numberText(Number(found[1])) + (found[2] || provisional ? "?" : "");
}
