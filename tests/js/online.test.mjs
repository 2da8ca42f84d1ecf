// Unit tests of ginrummy/web/static/onlinerules.js: when the lobby asks who is online, and
// where a player stands with the reader. Run by tests/web/test_web_js_units.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MIN_GAP_MS, POLL_MS, catchUpIn, friendsFirst, refreshDue, standingOf } from "../../ginrummy/web/static/onlinerules.js";

test("the list is asked for at once, then on a changed count no more than every few seconds", () => {
  assert.equal(refreshDue({ lastAt: null, now: 0, countChanged: false }), true);
  assert.equal(refreshDue({ lastAt: 1000, now: 1000 + MIN_GAP_MS - 1, countChanged: true }), false);
  assert.equal(refreshDue({ lastAt: 1000, now: 1000 + MIN_GAP_MS, countChanged: true }), true);
  assert.equal(refreshDue({ lastAt: 1000, now: 1000 + MIN_GAP_MS, countChanged: false }), false);
});

test("without a changed count the list is polled every interval", () => {
  assert.equal(refreshDue({ lastAt: 0, now: POLL_MS - 1, countChanged: false }), false);
  assert.equal(refreshDue({ lastAt: 0, now: POLL_MS, countChanged: false }), true);
});

test("a count that changed too soon is caught up once the gap has passed", () => {
  assert.equal(catchUpIn(null, 5), 0);
  assert.equal(catchUpIn(1000, 1000 + 2000), MIN_GAP_MS - 2000);
  assert.equal(catchUpIn(1000, 1000 + MIN_GAP_MS + 1), 0);
});

test("a player's standing reads the reader's lists in any case", () => {
  const followed = [{ username: "Bea", mutual: true }, { username: "cleo", mutual: false }];
  const blocked = [{ username: "Dora" }];
  assert.deepEqual(standingOf(followed, blocked, "bea"), { following: true, friends: true, blocked: false });
  assert.deepEqual(standingOf(followed, blocked, "CLEO"), { following: true, friends: false, blocked: false });
  assert.deepEqual(standingOf(followed, blocked, "dora"), { following: false, friends: false, blocked: true });
  assert.deepEqual(standingOf([], [], "eve"), { following: false, friends: false, blocked: false });
});

test("friends come before the players who do not follow back, each by name", () => {
  const sorted = friendsFirst([{ username: "zed", mutual: false }, { username: "cleo", mutual: true },
    { username: "amy", mutual: false }, { username: "bea", mutual: true }]);
  assert.deepEqual(sorted.map((one) => one.username), ["bea", "cleo", "amy", "zed"]);
});
