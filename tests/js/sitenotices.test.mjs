// Unit tests of ginrummy/web/static/sitenoticerules.js: what the site's notices say, when they
// are quiet, and how often a friend coming online is told.
// Run: node --test --experimental-detect-module tests/js/ (tests/web/test_web_js_units.py runs them).
import assert from "node:assert/strict";
import { test } from "node:test";
import { FRIEND_GAP_MS, friendDue, needsNoticeSocket, noticeOf, noticeWays, reopenIn } from "../../ginrummy/web/static/sitenoticerules.js";

const friendOnline = { type: "friend_online", username: "Bea", profile: "/players/Bea" };
const tournamentGame = { type: "tournament_game", tournament: { id: "t1", name: "Spring cup" }, round: 2, game: "/play/g1" };

test("a friend coming online is a notice linking to their profile", () => {
  assert.deepEqual(noticeOf(friendOnline), { kind: "friend", key: "notice.friend_online", params: { name: "Bea" },
    link: "/players/Bea", linkKey: "notice.see_profile", tag: "gin-friend-Bea", shownAt: [] });
});

test("a tournament's game is a notice linking to the player's seat, naming the round", () => {
  const notice = noticeOf(tournamentGame);
  assert.equal(notice.kind, "tournament");
  assert.deepEqual(notice.params, { name: "Spring cup", round: 2 });
  assert.equal(notice.link, "/play/g1");
  assert.equal(notice.linkKey, "tournament.play");
});

test("a rematch offer away from its table links to it, and is quiet at its table, hidden or not", () => {
  const notice = noticeOf({ type: "rematch_offer", from: "Ann", game: "/play/g1" });
  assert.deepEqual([notice.kind, notice.key, notice.params.name, notice.link], ["rematch", "rematch.offer", "Ann", "/play/g1"]);
  assert.deepEqual(noticeWays(notice, { path: "/play/g1", hidden: true }), { inPage: false, system: false });
  assert.deepEqual(noticeWays(notice, { path: "/play/g1", hidden: false }), { inPage: false, system: false });
  assert.deepEqual(noticeWays(notice, { path: "/lobby", hidden: true }), { inPage: true, system: true });
});

test("a turn in a game away from its page links to it, names the others, and is quiet on that page", () => {
  const message = { type: "your_turn", game: "/play/g1", against: ["Ann", "Bea"] };
  const notice = noticeOf(message, (names) => names.join(" e "));
  assert.deepEqual([notice.kind, notice.key, notice.params.names, notice.link, notice.linkKey, notice.tag],
    ["turn", "notice.turn_elsewhere", "Ann e Bea", "/play/g1", "notice.show", "gin-turn-/play/g1"]);
  assert.equal(noticeOf(message).params.names, "Ann, Bea");
  assert.deepEqual(noticeWays(notice, { path: "/play/g1", hidden: false }), { inPage: false, system: false });
  assert.deepEqual(noticeWays(notice, { path: "/lobby", hidden: false }), { inPage: true, system: true });
});

test("other messages, and broken ones, are no notice of this kind", () => {
  for (const message of [null, "x", { type: "lobby_update" }, { type: "challenge", challenge: {} },
    { type: "friend_online" }, { type: "tournament_game", round: 1 }, { type: "your_turn", game: "/play/g1" },
    { type: "your_turn", against: ["Ann"] }]) {
    assert.equal(noticeOf(message), null);
  }
});

test("only a signed-in reader on a page without the lobby's or a table's socket opens the notices' socket", () => {
  for (const path of ["/", "/players/bea", "/tournaments/t1", "/leaderboard", "/daily", "/verify"]) {
    assert.equal(needsNoticeSocket(path, true), true, path);
    assert.equal(needsNoticeSocket(path, false), false, path);
  }
  for (const path of ["/lobby", "/lobby/", "/play/g1", "/watch/g1"]) assert.equal(needsNoticeSocket(path, true), false, path);
});

test("a page that shows the news itself gets no notice of it, and no notification unless hidden", () => {
  const notice = noticeOf(tournamentGame);
  for (const path of ["/play/g1", "/tournaments/t1"]) {
    assert.deepEqual(noticeWays(notice, { path, hidden: false }), { inPage: false, system: false }, path);
    assert.deepEqual(noticeWays(notice, { path, hidden: true }), { inPage: false, system: true }, path);
  }
  assert.deepEqual(noticeWays(notice, { path: "/", hidden: false }), { inPage: true, system: true });
  assert.deepEqual(noticeWays(noticeOf(friendOnline), { path: "/players/Bea", hidden: false }), { inPage: true, system: true });
});

test("a friend coming online is told at most once in the gap, whatever the name's case", () => {
  const first = friendDue({}, "Bea", 1000);
  assert.equal(first.tell, true);
  assert.deepEqual(first.told, { bea: 1000 });
  assert.equal(friendDue(first.told, "BEA", 1000 + FRIEND_GAP_MS - 1).tell, false);
  assert.equal(friendDue(first.told, "Cleo", 2000).tell, true);
  const later = friendDue(first.told, "bea", 1000 + FRIEND_GAP_MS);
  assert.equal(later.tell, true);
  assert.deepEqual(later.told, { bea: 1000 + FRIEND_GAP_MS });
});

test("the record of friends told forgets those past the gap, and a clock set back tells again", () => {
  const { told } = friendDue({ ann: 0, bea: 5000 }, "cleo", FRIEND_GAP_MS + 1000);
  assert.deepEqual(told, { bea: 5000, cleo: FRIEND_GAP_MS + 1000 });
  assert.equal(friendDue({ bea: 5000 }, "bea", 10).tell, true);
});

test("the notices' socket is opened again later after each failure, never for a signed-out reader", () => {
  assert.equal(reopenIn(0, 1006), 2000);
  assert.equal(reopenIn(3, 1006), 16000);
  assert.equal(reopenIn(20, 1006), 60000);
  assert.equal(reopenIn(0, 4401), null);
});
