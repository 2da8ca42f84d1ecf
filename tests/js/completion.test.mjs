// Unit tests of ginrummy/web/static/completionrules.js: the minimum share of games finished a
// page sends, and a profile's counts. Run by tests/web/test_web_js_units.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { completionRows, minCompletionOf, newGameMinimum } from "../../ginrummy/web/static/completionrules.js";

test("only the minimums the server takes are sent; anything else is no minimum", () => {
  assert.equal(minCompletionOf(90), 90);
  assert.equal(minCompletionOf("95"), 95);
  assert.equal(minCompletionOf(""), null);
  assert.equal(minCompletionOf(85), null);
  assert.equal(minCompletionOf("ninety"), null);
  assert.equal(minCompletionOf(null), null);
});

test("a new game asks a minimum only when it is rated and has an open place", () => {
  assert.equal(newGameMinimum({ rated: true, places: ["anyone"], minimum: 90 }), 90);
  assert.equal(newGameMinimum({ rated: false, places: ["anyone"], minimum: 90 }), null);
  assert.equal(newGameMinimum({ rated: true, places: ["friend", "computer"], minimum: 90 }), null);
});

test("a profile shows the rate first, then finished, resigned and left", () => {
  const counts = { finished: 9, resigned: 1, abandoned: 0, games: 10, percent: 90, new_player: false, new_player_games: 10 };
  assert.deepEqual(completionRows(counts), [["rate", "90%"], ["finished", "9"], ["resigned", "1"], ["abandoned", "0"]]);
  assert.equal(completionRows({ ...counts, finished: 0, resigned: 0, games: 0, percent: null })[0][1], "–");
});
