// Unit tests of ginrummy/web/static/challengerules.js: whom the reader may challenge, what a
// challenge sends, and what each change of a challenge tells the reader. Run by
// tests/web/test_web_js_units.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { challengeBody, challengeNews, mayChallenge, waitingAnswers } from "../../ginrummy/web/static/challengerules.js";

/** @param {Partial<import("../../ginrummy/web/static/challengerules.js").Challenge>} changes */
const challenge = (changes) => ({ id: "c1", from: "annie", to: "bea", rules: { rules: {} }, rated: false,
  clock: null, status: "open", seconds_left: 120, game: null, ...changes });

test("a guest challenges nobody and nobody challenges themself, in any case", () => {
  assert.equal(mayChallenge(null, "bea"), false);
  assert.equal(mayChallenge("Annie", "annie"), false);
  assert.equal(mayChallenge("annie", "bea"), true);
});

test("the challenge sends the player, the preset, rated or not and the clock", () => {
  const clock = { kind: "move", seconds: 30 };
  assert.deepEqual(challengeBody("bea", { preset: "oklahoma", rated: true, clock }),
    { username: "bea", preset: "oklahoma", rated: true, clock });
});

test("a challenge received asks for an answer; one sent says it waits", () => {
  assert.deepEqual(challengeNews(challenge({}), "bea"), { kind: "incoming", key: "challenge.incoming", name: "annie" });
  assert.deepEqual(challengeNews(challenge({}), "ANNIE"), { kind: "news", key: "challenge.sent", name: "bea" });
});

test("an accepted challenge sends both players to its table", () => {
  const accepted = challenge({ status: "accepted", game: "/play/g1" });
  assert.deepEqual(challengeNews(accepted, "annie"), { kind: "go", key: "challenge.accepted", name: "bea", link: "/play/g1" });
  assert.equal(challengeNews(accepted, "bea")?.link, "/play/g1");
});

test("the other's answer is told, the reader's own is not", () => {
  assert.deepEqual(challengeNews(challenge({ status: "declined" }), "annie"), { kind: "news", key: "challenge.declined", name: "bea" });
  assert.equal(challengeNews(challenge({ status: "declined" }), "bea"), null);
  assert.deepEqual(challengeNews(challenge({ status: "withdrawn" }), "bea"), { kind: "news", key: "challenge.withdrawn", name: "annie" });
  assert.equal(challengeNews(challenge({ status: "withdrawn" }), "annie"), null);
  assert.equal(challengeNews(challenge({ status: "lapsed" }), "bea")?.key, "challenge.lapsed");
  assert.equal(challengeNews(challenge({ status: "lapsed" }), "annie")?.key, "challenge.lapsed");
  assert.equal(challengeNews(challenge({ status: "accepting" }), "annie"), null);
});

test("only the challenges still open wait for an answer, the oldest first", () => {
  const newestFirst = [challenge({ id: "c3" }), challenge({ id: "c2", status: "lapsed" }), challenge({ id: "c1" })];
  assert.deepEqual(waitingAnswers(newestFirst).map((one) => one.id), ["c1", "c3"]);
});
