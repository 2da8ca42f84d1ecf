// @ts-check
// The decisions behind challenges (PROTOCOL.md "Challenges"), as plain functions (no page, no
// server): whom the reader may challenge, what POST /api/challenges gets, and what a change of
// a challenge tells the reader.

/**
 * @typedef {{ id: string, from: string, to: string, rules: { rules: Record<string, unknown> }, rated: boolean,
 *   clock: Record<string, unknown> | null, status: "open" | "accepting" | "accepted" | "declined" | "withdrawn" | "lapsed",
 *   seconds_left: number, game: string | null }} Challenge
 * @typedef {{ preset: string, rated: boolean, clock: Record<string, unknown> | null }} ChallengeChoice
 * @typedef {{ kind: "incoming" | "news" | "go", key: string, name: string, link?: string }} ChallengeNews
 */

/** @param {string} name */
const key = (name) => name.toLowerCase();

/**
 * Whether the reader (`me`, their username; null: a guest) may challenge `username` (a
 * signed-in player): never themself, and a guest challenges nobody.
 * @param {string | null} me
 * @param {string} username
 */
export function mayChallenge(me, username) {
  return me !== null && key(me) !== key(username);
}

/**
 * What POST /api/challenges gets.
 * @param {string} username
 * @param {ChallengeChoice} choice
 */
export function challengeBody(username, choice) {
  return { username, preset: choice.preset, rated: choice.rated, clock: choice.clock };
}

/**
 * What a challenge, as the server just told it, says to the reader `me` (null: nothing to
 * say): a challenge received that waits for an answer; the answer to one sent (accepted: go
 * to the table); one received that was withdrawn or lapsed.
 * @param {Challenge} challenge
 * @param {string} me
 * @returns {ChallengeNews | null}
 */
export function challengeNews(challenge, me) {
  const sentByMe = key(challenge.from) === key(me);
  const other = sentByMe ? challenge.to : challenge.from;
  if (challenge.status === "accepted" && challenge.game) return { kind: "go", key: "challenge.accepted", name: other, link: challenge.game };
  if (challenge.status === "open") return sentByMe ? { kind: "news", key: "challenge.sent", name: other } : { kind: "incoming", key: "challenge.incoming", name: other };
  if (challenge.status === "accepting") return null;
  if (sentByMe && challenge.status === "withdrawn") return null; // the reader did it
  if (!sentByMe && challenge.status === "declined") return null;
  return { kind: "news", key: `challenge.${challenge.status}`, name: other };
}

/**
 * The challenges received that still wait for the reader's answer, the oldest first.
 * @param {Challenge[]} received
 */
export function waitingAnswers(received) {
  return received.filter((one) => one.status === "open").reverse();
}
