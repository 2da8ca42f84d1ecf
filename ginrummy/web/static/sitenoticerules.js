// @ts-check
// The decisions behind the site's notices (PROTOCOL.md "Notices"), as plain functions (no page,
// no server): what a message of the account's news says, which page opens the notices' socket,
// when a notice is quiet because the player is already looking, and how often a friend coming
// online is told, and that a game away from its page awaits the player's move.

/** The least time between two notices of one friend coming online (ms). */
export const FRIEND_GAP_MS = 10 * 60 * 1000;

/**
 * @typedef {{ kind: "friend" | "tournament" | "rematch" | "turn", key: string, params: Record<string, string | number>,
 *   link: string, linkKey: string, tag: string, shownAt: string[] }} SiteNotice
 *   kind: the notice's class (a newer one of a kind replaces the older); key and params: its
 *   words; link and linkKey: where its link goes and the link's words; tag: the browser
 *   notification's tag (one per piece of news); shownAt: the pages that show the news
 *   themselves (its link, a tournament's page)
 */

/**
 * What a message of the account's news says (null: nothing, or not news of this kind; a
 * challenge is told by challengerules.js).
 * @param {any} message
 * @param {(names: string[]) => string} [joinNames] a list of names in the reader's language
 * @returns {SiteNotice | null}
 */
export function noticeOf(message, joinNames = (names) => names.join(", ")) {
  if (!message || typeof message !== "object") return null;
  if (message.type === "friend_online" && typeof message.username === "string") {
    return { kind: "friend", key: "notice.friend_online", params: { name: message.username },
      link: String(message.profile || `/players/${encodeURIComponent(message.username)}`),
      linkKey: "notice.see_profile", tag: `gin-friend-${message.username}`, shownAt: [] };
  }
  if (message.type === "rematch_offer" && typeof message.from === "string" && typeof message.game === "string") {
    return { kind: "rematch", key: "rematch.offer", params: { name: message.from },
      link: message.game, linkKey: "notice.show", tag: `gin-rematch-${message.game}`, shownAt: [message.game] };
  }
  if (message.type === "tournament_game" && message.tournament && typeof message.game === "string") {
    return { kind: "tournament", key: "notice.tournament_game",
      params: { name: String(message.tournament.name), round: Number(message.round) },
      link: message.game, linkKey: "tournament.play", tag: `gin-game-${message.game}`,
      shownAt: [message.game, `/tournaments/${encodeURIComponent(String(message.tournament.id))}`] };
  }
  if (message.type === "your_turn" && typeof message.game === "string" && Array.isArray(message.against)) {
    return { kind: "turn", key: "notice.turn_elsewhere", params: { names: joinNames(message.against.map(String)) },
      link: message.game, linkKey: "notice.show", tag: `gin-turn-${message.game}`, shownAt: [message.game] };
  }
  return null;
}

/**
 * Whether the page opens the notices' socket (`WS /ws/notices`): a signed-in reader on a page
 * with no socket of its own that carries the account's news (the lobby's and a table's do).
 * @param {string} path location.pathname
 * @param {boolean} signedIn
 */
export function needsNoticeSocket(path, signedIn) {
  if (!signedIn) return false;
  return !/^\/(lobby|play|watch)(\/|$)/.test(path);
}

/**
 * Where a notice goes: on the page (`inPage`), and to the browser's notification if the
 * player allowed them (`system`). A page that shows the news itself (shownAt) gets no notice
 * of it, and no notification while visible: the player already looks at it; a rematch offer
 * at its own table none at all (its page tells it, tablenews.js).
 * @param {SiteNotice} notice
 * @param {{ path: string, hidden: boolean }} page
 * @returns {{ inPage: boolean, system: boolean }}
 */
export function noticeWays(notice, page) {
  if (!notice.shownAt.includes(page.path)) return { inPage: true, system: true };
  return { inPage: false, system: page.hidden && notice.kind !== "rematch" };
}

/**
 * Whether a friend's coming online is told now (at most once per FRIEND_GAP_MS a friend),
 * and the record of when each was told, with this one if told.
 * @param {Record<string, number>} told when each friend (by lowercase name) was last told
 * @param {string} username
 * @param {number} now
 * @returns {{ tell: boolean, told: Record<string, number> }}
 */
export function friendDue(told, username, now) {
  const key = username.toLowerCase();
  const last = told[key];
  if (last !== undefined && now - last < FRIEND_GAP_MS && now >= last) return { tell: false, told };
  const kept = Object.fromEntries(Object.entries(told).filter(([, at]) => now - at < FRIEND_GAP_MS && now >= at));
  return { tell: true, told: { ...kept, [key]: now } };
}

/**
 * How long to wait before opening the notices' socket again after it closed (ms): longer after
 * each failure, at most a minute; never again after the server said the reader is signed out.
 * @param {number} attempt failures in a row so far (0: the first)
 * @param {number} code the close code
 * @returns {number | null}
 */
export function reopenIn(attempt, code) {
  if (code === 4401) return null;
  return Math.min(60000, 2000 * 2 ** Math.min(attempt, 5));
}
