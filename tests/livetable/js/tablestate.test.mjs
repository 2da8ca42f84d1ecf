// The browser's reducer against the server's snapshots: for every reader of every game in
// the streams file (READER_STREAMS, else the golden one), folding the events a reader receives
// into a snapshot gives the snapshot after each command, from the first one and from later ones
// (a reader that resyncs mid-game), and keeps the latest facts notices the server sent.
// Run by tests/livetable/test_livetable_reader_js.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fromSnapshot, reduce } from "../../../ginrummy/web/static/tablestate.js";

const path = process.env.READER_STREAMS || new URL("../data/reader_streams.json", import.meta.url);
const { games } = JSON.parse(readFileSync(path, "utf-8"));
const RESYNC_EVERY = Number(process.env.RESYNC_EVERY || 7);
const FACT_KINDS = ["facts", "seat_facts"];

/** The state without its version (a reader's last event need not be the table's last). */
function comparable(state) {
  const { version, ...rest } = state;
  return rest;
}

/** A facts notice as the reducer keeps it: its fields but its kind. */
function kept(notice) {
  if (!notice) return null;
  const { kind, ...fields } = notice;
  return fields;
}

/**
 * The facts of each kind after each step (`latest[0]`: before the first step), as whole
 * notices: what a snapshot then is followed by. A `facts` notice after the first holds the
 * keys that changed.
 */
function latestFacts(stream) {
  let now = {};
  const take = (notice) => {
    const whole = notice.kind === "facts" && now.facts ? { ...now.facts, ...notice } : notice;
    now = { ...now, [notice.kind]: whole };
  };
  for (const notice of stream.start_facts) take(notice);
  const latest = [now];
  for (const step of stream.steps) {
    for (const event of step.events) if (FACT_KINDS.includes(event.kind)) take(event);
    latest.push(now);
  }
  return latest;
}

function checkFrom(stream, first) {
  const latest = latestFacts(stream);
  const begin = first === 0 ? stream.start : stream.steps[first - 1].snapshot;
  let state = fromSnapshot(begin);
  for (const notice of Object.values(latest[first])) state = reduce(state, notice);
  for (let index = first; index < stream.steps.length; index += 1) {
    const step = stream.steps[index];
    const newer = step.events.filter((event) => !("version" in event) || event.version > begin.version);
    for (const event of newer) state = reduce(state, event);
    const expected = { ...step.snapshot, facts: kept(latest[index + 1].facts), seat_facts: kept(latest[index + 1].seat_facts) };
    assert.deepEqual(comparable(state), comparable(expected),
      `reader ${stream.reader}, from step ${first}, after step ${index}: ${JSON.stringify(step.events).slice(0, 2000)}`);
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

test("every reader keeps the table's facts, and a player its own", () => {
  for (const game of games) {
    for (const stream of game.readers) {
      let state = fromSnapshot(stream.start);
      for (const notice of stream.start_facts) state = reduce(state, notice);
      for (const step of stream.steps) for (const event of step.events) state = reduce(state, event);
      assert.ok(state.facts && Array.isArray(state.facts.scores), `${game.label} ${stream.reader}`);
      assert.equal(state.seat_facts === null, stream.reader === null, `${game.label} ${stream.reader}`);
    }
  }
});

test("reduce leaves the state it is given unchanged", () => {
  const stream = games[0].readers[0];
  const before = JSON.stringify(stream.start);
  let state = fromSnapshot(stream.start);
  for (const step of stream.steps) for (const event of step.events) state = reduce(state, event);
  assert.equal(JSON.stringify(stream.start), before);
});
