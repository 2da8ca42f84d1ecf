// Wire 1's state composed from wire 2's (wireone.js) against wire 1's own: for every reader
// (each place and a watcher) of every game in WIRE_ONE_STREAMS, at every step, the composed
// object equals wire 1's state, key by key, but for WIRE_ONE_NOT_COMPOSED. Run by
// tests/livetable/test_livetable_wire_one_js.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fromSnapshot, reduce } from "../../../ginrummy/web/static/tablestate.js";
import { actionName, WIRE_ONE_NOT_COMPOSED, wireOneView } from "../../../ginrummy/web/static/wireone.js";

const { games, melds } = JSON.parse(readFileSync(process.env.WIRE_ONE_STREAMS, "utf-8"));

/**
 * Wire 1's state and the composed one, with the keys not composed yet left out of both:
 * `tables[].phase`, `tables[].turns` and those of the `view` of a hand in play
 * (WIRE_ONE_NOT_COMPOSED); every other key of wire 1's `view` must be composed.
 */
function compared(wire, composed) {
  const drop = (object, keys) => Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
  const expected = { ...wire, tables: wire.tables.map((t) => drop(t, WIRE_ONE_NOT_COMPOSED.tables)) };
  if (wire.view && composed.view) {
    const kept = Object.keys(composed.view);
    expected.view = Object.fromEntries(Object.entries(wire.view).filter(([key]) => kept.includes(key)));
    for (const key of Object.keys(wire.view)) {
      if (!kept.includes(key) && !WIRE_ONE_NOT_COMPOSED.view.includes(key)) throw new Error(`view key ${key} neither composed nor listed`);
    }
  }
  return expected;
}

for (const game of games) {
  for (const stream of game.readers) {
    test(`${game.label}: reader ${stream.reader} composes wire 1's state at every step`, () => {
      let state = fromSnapshot(stream.start);
      for (const notice of stream.start_facts) state = reduce(state, notice);
      const check = (wire, info, where) => {
        const composed = wireOneView(state, info);
        assert.ok(composed, where);
        assert.deepEqual(composed, compared(wire, composed), where);
        assert.equal(composed.view === null, wire.view === null, where);
      };
      check(stream.start_wire_one, stream.start_info, "start");
      stream.steps.forEach((step, index) => {
        for (const event of step.events) state = reduce(state, event);
        check(step.wire_one, step.info, `${game.label}, reader ${stream.reader}, step ${index}`);
      });
    });
  }
}

test("action names are wire 1's, melds included", () => {
  for (const [action, name] of melds) assert.equal(actionName(action), name);
});
