// @ts-check
// The minimum share of games finished (PROTOCOL.md "Leavers"), as plain functions (no page, no
// server): the minimums the server takes, what a new game or a quick match sends, and what a
// profile shows of the counts.

/** The minimums the server takes (percent); null: anyone. */
export const MIN_COMPLETIONS = [null, 80, 90, 95];

/**
 * A stored or chosen value as one the server takes: one of MIN_COMPLETIONS, else null.
 * @param {unknown} value
 * @returns {number | null}
 */
export function minCompletionOf(value) {
  const number = typeof value === "string" && value !== "" ? Number(value) : value;
  return typeof number === "number" && MIN_COMPLETIONS.includes(number) ? number : null;
}

/**
 * The `min_completion` a new game sends: only a rated game with an open place asks one.
 * @param {{ rated: boolean, places: string[], minimum: unknown }} choice
 * @returns {number | null}
 */
export function newGameMinimum({ rated, places, minimum }) {
  return rated && places.includes("anyone") ? minCompletionOf(minimum) : null;
}

/**
 * @typedef {{ finished: number, resigned: number, abandoned: number, games: number,
 *   percent: number | null, new_player: boolean, new_player_games: number }} Completion
 */

/**
 * The rows of a profile's counts: [key, value] with the rate first (a dash before any game).
 * @param {Completion} c
 * @returns {Array<[string, string]>}
 */
export function completionRows(c) {
  return [["rate", c.percent === null ? "–" : `${c.percent}%`], ["finished", String(c.finished)],
    ["resigned", String(c.resigned)], ["abandoned", String(c.abandoned)]];
}
