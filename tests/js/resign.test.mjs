// Unit tests of ginrummy/web/static/resignrules.js: when the Resign button shows, and what the
// end of a resigned game says. Run by tests/web/test_web_js_units.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { mayResign, resignedLine, resignLogKey } from "../../ginrummy/web/static/resignrules.js";

const seats = [{ seat: 0, kind: "human", joined: true }, { seat: 1, kind: "computer", joined: true }];
const playing = { readOnly: false, mode: "play" };

test("a player may resign on any stage of a game in progress", () => {
  for (const stage of ["waiting", "hand", "between_hands"]) {
    assert.equal(mayResign({ stage, you: 0, seats }, playing), true, stage);
  }
});

test("nobody resigns a finished or abandoned game, a watcher or a replay never does", () => {
  assert.equal(mayResign({ stage: "over", you: 0, seats }, playing), false);
  assert.equal(mayResign({ stage: "hand", you: 0, seats, abandoned: true }, playing), false);
  assert.equal(mayResign({ stage: "hand", you: null, seats }, { readOnly: true, mode: "watch" }), false);
  assert.equal(mayResign({ stage: "hand", you: 0, seats }, { readOnly: true, mode: "replay" }), false);
  assert.equal(mayResign(null, playing), false);
});

test("before every seat is taken there is no game to resign", () => {
  const open = [{ seat: 0, kind: "human", joined: true }, { seat: 1, kind: "human", joined: false }];
  assert.equal(mayResign({ stage: "waiting", you: 0, seats: open }, playing), false);
});

test("the computer's seat has no Resign button", () => {
  assert.equal(mayResign({ stage: "hand", you: 1, seats }, playing), false);
});

test("the end of a resigned game names who resigned, the reader as you", () => {
  const names = ["Ann", "Bea", "Cyd"];
  const settled = { end_reason: "resigned", resigned: 1 };
  assert.deepEqual(resignedLine(settled, 0, (p) => names[p]), { key: "over.resigned", params: { name: "Bea" } });
  assert.deepEqual(resignedLine(settled, 1, (p) => names[p]), { key: "over.resigned_you", params: {} });
  assert.equal(resignedLine({ end_reason: "target" }, 0, (p) => names[p]), null);
  assert.equal(resignedLine(null, 0, (p) => names[p]), null);
});

test("the log's line is the reader's own when they resigned", () => {
  assert.equal(resignLogKey(0, 0), "log.resign_you");
  assert.equal(resignLogKey(1, 0), "log.resign");
  assert.equal(resignLogKey(1, null), "log.resign");
});
