// Unit tests of ginrummy/web/static/daily.js: what the daily deal's page says and offers.
// Run: node --test --experimental-detect-module tests/js/daily.test.mjs (tests/web/test_web_js_units.py runs it).
import assert from "node:assert/strict";
import { test } from "node:test";
import { pointsText, timeLeft, todayChoice, yoursText } from "../../ginrummy/web/static/daily.js";

test("a guest is asked to sign in; an account plays, goes back to its game, or reads its result", () => {
  assert.equal(todayChoice({ signed_in: false, you: null }), "sign_in");
  assert.equal(todayChoice({ signed_in: true, you: null }), "play");
  const yours = (status) => ({ game_id: "g", status, points: null, links: {} });
  assert.equal(todayChoice({ signed_in: true, you: yours("playing") }), "playing");
  assert.equal(todayChoice({ signed_in: true, you: yours("over") }), "over");
  assert.equal(todayChoice({ signed_in: true, you: yours("closed") }), "closed");
});

test("points carry their sign, in the reader's language", () => {
  assert.equal(pointsText(12, "en"), "+12");
  assert.equal(pointsText(0, "en"), "0");
  assert.equal(pointsText(-12345, "it"), "-12.345");
  assert.equal(pointsText(12345, "en"), "+12,345");
});

test("the time left to the day's end is whole minutes, never below zero", () => {
  const end = "2026-12-08T00:00:00+00:00";
  assert.deepEqual(timeLeft(end, Date.parse("2026-12-07T21:30:00Z")), { hours: 2, minutes: 30 });
  assert.deepEqual(timeLeft(end, Date.parse("2026-12-07T23:59:30Z")), { hours: 0, minutes: 1 });
  assert.deepEqual(timeLeft(end, Date.parse("2026-12-08T00:00:01Z")), { hours: 0, minutes: 0 });
});

test("your game of the day is told by its state: on, finished with its place, or closed", () => {
  assert.equal(yoursText(null), null);
  const over = yoursText({ game_id: "g", status: "over", points: 7, rank: 3, links: {} });
  assert.equal(over, "daily.yours_ranked"); // the key: no catalogue is loaded here
  assert.equal(yoursText({ game_id: "g", status: "over", points: 7, links: {} }), "daily.yours_points");
  assert.equal(yoursText({ game_id: "g", status: "closed", points: null, links: {} }), "daily.yours_closed");
  assert.equal(yoursText({ game_id: "g", status: "playing", points: null, links: {} }), "daily.yours_playing");
});
