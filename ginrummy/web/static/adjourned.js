// @ts-check
// Games nobody plays (PROTOCOL.md "Adjourned games"): the words the lobby and My games show
// for a game none of whose people is connected, and for one that ended without a result.
import { language, t } from "./i18n.js";

/**
 * "10:42" in the reader's language, or null.
 * @param {string | null | undefined} iso
 */
export function clockTime(iso) {
  if (!iso) return null;
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return null;
  return moment.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
}

/**
 * What a listed game or one of My games says of itself when nobody plays it (null: it is on,
 * or over with a result).
 * @param {{ status?: string, adjourned?: boolean, ends_at?: string | null }} game
 */
export function adjournedWords(game) {
  if (game.status === "abandoned") return t("games.abandoned");
  if (!game.adjourned) return null;
  const time = clockTime(game.ends_at);
  return time ? t("games.adjourned_until", { time }) : t("games.adjourned");
}
