// The browser's reducer against the server's snapshots: for every reader of every game in
// the streams file (READER_STREAMS, else the golden one), folding the events a reader receives
// into a snapshot gives the snapshot after each command, from the first one and from later ones
// (a reader that resyncs mid-game). Run by tests/livetable/test_livetable_reader_js.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fromSnapshot, reduce } from "../../../ginrummy/web/static/tablestate.js";

const path = process.env.READER_STREAMS || new URL("../data/reader_streams.json", import.meta.url);
const { games } = JSON.parse(readFileSync(path, "utf-8"));
const RESYNC_EVERY = Number(process.env.RESYNC_EVERY || 7);

/** The state without its version: a reader's last event need not be the table's last. */
function comparable(state) {
  const { version, ...rest } = state;
  return rest;
}

function checkFrom(stream, first) {
  const begin = first === 0 ? stream.start : stream.steps[first - 1].snapshot;
  let state = fromSnapshot(begin);
  for (let index = first; index < stream.steps.length; index += 1) {
    const step = stream.steps[index];
    const newer = step.events.filter((event) => !("version" in event) || event.version > begin.version);
    for (const event of newer) state = reduce(state, event);
    assert.deepEqual(comparable(state), comparable(step.snapshot),
      `reader ${stream.reader}, from step ${first}, after step ${index}: ${JSON.stringify(step.events)}`);
  }
}

for (const game of games) {
  for (const stream of game.readers) {
    test(`${game.label}: reader ${stream.reader} folds its events into each snapshot`, () => {
      checkFrom(stream, 0);
    });
    test(`${game.label}: reader ${stream.reader} resyncs from a later snapshot`, () => {
      for (let first = 1; first < stream.steps.length; first += RESYNC_EVERY) checkFrom(stream, first);
    });
  }
}

test("reduce leaves the state it is given unchanged", () => {
  const stream = games[0].readers[0];
  const before = JSON.stringify(stream.start);
  let state = fromSnapshot(stream.start);
  for (const step of stream.steps) for (const event of step.events) state = reduce(state, event);
  assert.equal(JSON.stringify(stream.start), before);
});
