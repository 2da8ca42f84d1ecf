// @ts-check
// What the lines about tournaments say, as plain functions (no page, no server): a player's
// result in a tournament on their profile, and which recurring tournaments the lobby still shows
// as coming.

/**
 * @typedef {{ id: string, name: string, format: string, table_size: number, status: string,
 *   date: string, place: number | null, of: number, link: string }} HistoryItem
 * @typedef {{ name: string, starts_at: string | null }} Listed
 */

/**
 * The player's result in a tournament as a catalogue key and its parameters: the place of how
 * many once it is over, else how it stands (taking entries, being played).
 * @param {HistoryItem} item
 * @returns {{ key: string, params: Record<string, number> }}
 */
export function outcome(item) {
  if (item.status === "over" && item.place !== null) {
    return { key: "profile.tournament_place", params: { place: item.place, count: item.of } };
  }
  return { key: `tournament.status.${item.status}`, params: {} };
}

/**
 * The coming occurrences that are not among the tournaments listed: one whose entries opened
 * is in the lobby's list (sent at once) before the coming ones are read again.
 * @template {Listed} T
 * @param {T[]} coming
 * @param {Listed[]} listed
 * @returns {T[]}
 */
export function stillComing(coming, listed) {
  /** @param {Listed} item */
  const key = (item) => `${item.name}\u0000${item.starts_at ? Date.parse(item.starts_at) : ""}`;
  const open = new Set(listed.map(key));
  return coming.filter((item) => !open.has(key(item)));
}
