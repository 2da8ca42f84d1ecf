// Unit tests of ginrummy/web/static/attention.js: how the table reaches the player.
// Run: node --test --experimental-detect-module tests/js/ (tests/web/test_web_js_units.py runs them).
import assert from "node:assert/strict";
import { test } from "node:test";
import { handTakesFocus, newsBetween, newsChannel, playsByTouch, statusKey } from "../../ginrummy/web/static/attention.js";

test("a coarse pointer plays by touch until a mouse or a key is used", () => {
  assert.equal(playsByTouch({ coarse: true, last: null }), true);
  assert.equal(playsByTouch({ coarse: true, last: "key" }), false);
  assert.equal(playsByTouch({ coarse: true, last: "mouse" }), false);
  assert.equal(playsByTouch({ coarse: false, last: null }), false);
  assert.equal(playsByTouch({ coarse: false, last: "touch" }), true);
});

test("the status on a touch screen is the wording that names no key", () => {
  assert.equal(statusKey("status.discard", true), "status.discard.touch");
  assert.equal(statusKey("status.discard", false), "status.discard");
});

test("the hand takes the focus when the turn comes and nothing else holds it", () => {
  assert.equal(handTakesFocus({ turnCame: true, touch: false, focused: "BODY" }), true);
  assert.equal(handTakesFocus({ turnCame: true, touch: false, focused: null }), true);
});

test("a chat line being typed keeps the focus, a touch screen gets none, nor a turn going on", () => {
  assert.equal(handTakesFocus({ turnCame: true, touch: false, focused: "INPUT" }), false);
  assert.equal(handTakesFocus({ turnCame: true, touch: true, focused: "BODY" }), false);
  assert.equal(handTakesFocus({ turnCame: false, touch: false, focused: "BODY" }), false);
});

test("the turn is news when it comes, not when the table is first drawn", () => {
  assert.deepEqual(newsBetween(null, { myTurn: true, offerFrom: null }), []);
  assert.deepEqual(newsBetween({ myTurn: false, offerFrom: null }, { myTurn: true, offerFrom: null }), ["turn"]);
  assert.deepEqual(newsBetween({ myTurn: true, offerFrom: null }, { myTurn: true, offerFrom: null }), []);
});

test("a rematch offer is news once, even one already standing when the table is drawn", () => {
  assert.deepEqual(newsBetween(null, { myTurn: false, offerFrom: "Ann" }), ["offer"]);
  assert.deepEqual(newsBetween({ myTurn: false, offerFrom: null }, { myTurn: false, offerFrom: "Ann" }), ["offer"]);
  assert.deepEqual(newsBetween({ myTurn: false, offerFrom: "Ann" }, { myTurn: false, offerFrom: "Ann" }), []);
});

test("the browser notifies only a hidden page whose player turned it on and allowed it", () => {
  assert.equal(newsChannel({ hidden: true, wanted: true, permission: "granted" }), "system");
  assert.equal(newsChannel({ hidden: false, wanted: true, permission: "granted" }), "page");
  assert.equal(newsChannel({ hidden: true, wanted: false, permission: "granted" }), "page");
  assert.equal(newsChannel({ hidden: true, wanted: true, permission: "default" }), "page");
  assert.equal(newsChannel({ hidden: true, wanted: true, permission: "denied" }), "page");
});
