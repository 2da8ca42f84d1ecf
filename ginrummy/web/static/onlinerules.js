// @ts-check
// The decisions behind the lobby's list of who is online and the friend and block controls,
// as plain functions (no page, no server): when to ask again, and where a player stands with
// the reader.

/** How often the lobby asks for the list when nothing tells it to (ms). */
export const POLL_MS = 30000;
/** The least time between two asks when the lobby's online count keeps changing (ms). */
export const MIN_GAP_MS = 5000;

/**
 * Whether the lobby should ask for the list now: the count of people online changed and the
 * last ask is not too recent, or the last ask is a poll's interval old.
 * @param {{ lastAt: number | null, now: number, countChanged: boolean }} moment
 */
export function refreshDue({ lastAt, now, countChanged }) {
  if (lastAt === null) return true;
  const since = now - lastAt;
  return since >= POLL_MS || (countChanged && since >= MIN_GAP_MS);
}

/**
 * How long to wait before asking for the list after a changed count that came too soon after
 * the last ask (ms; 0: ask now), so that the list catches up within a few seconds.
 * @param {number | null} lastAt
 * @param {number} now
 */
export function catchUpIn(lastAt, now) {
  return lastAt === null ? 0 : Math.max(0, lastAt + MIN_GAP_MS - now);
}

/**
 * @typedef {{ username: string, mutual?: boolean }} Followed
 * @typedef {{ username: string }} BlockedOne
 * @typedef {{ following: boolean, friends: boolean, blocked: boolean }} Standing
 */

/**
 * Where `username` stands with the reader, from the reader's lists (usernames are the same in
 * any case).
 * @param {Followed[]} followed
 * @param {BlockedOne[]} blocked
 * @param {string} username
 * @returns {Standing}
 */
export function standingOf(followed, blocked, username) {
  const key = username.toLowerCase();
  const found = followed.find((one) => one.username.toLowerCase() === key);
  return {
    following: Boolean(found),
    friends: Boolean(found && found.mutual),
    blocked: blocked.some((one) => one.username.toLowerCase() === key),
  };
}

/**
 * The players the reader follows, friends (who follow back) first, each group by name.
 * @template {Followed} T
 * @param {T[]} followed
 * @returns {T[]}
 */
export function friendsFirst(followed) {
  return [...followed].sort((a, b) => Number(Boolean(b.mutual)) - Number(Boolean(a.mutual))
    || a.username.localeCompare(b.username));
}
