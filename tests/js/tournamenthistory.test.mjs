// Unit tests of ginrummy/web/static/tournamenthistory.js: what a profile says of a player's
// tournament, and which recurring ones the lobby still shows as coming. Run by
// tests/web/test_web_js_units.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { outcome, stillComing } from "../../ginrummy/web/static/tournamenthistory.js";

const item = { id: "t1", name: "Friday cup", format: "swiss", table_size: 2, date: "2026-12-04T19:00:00+00:00", of: 8, link: "/tournaments/t1" };

test("a finished tournament says the player's place of how many", () => {
  assert.deepEqual(outcome({ ...item, status: "over", place: 3 }), { key: "profile.tournament_place", params: { place: 3, count: 8 } });
});

test("a tournament not over says how it stands, with no place", () => {
  assert.deepEqual(outcome({ ...item, status: "playing", place: null }), { key: "tournament.status.playing", params: {} });
  assert.deepEqual(outcome({ ...item, status: "entering", place: null }), { key: "tournament.status.entering", params: {} });
});

test("a coming occurrence whose entries opened leaves the coming ones", () => {
  const coming = [{ name: "Noon cup", starts_at: "2026-12-08T12:00:00+00:00" }, { name: "Noon cup", starts_at: "2026-12-09T12:00:00+00:00" }];
  const listed = [{ name: "Noon cup", starts_at: "2026-12-08T12:00:00Z" }, { name: "Other", starts_at: null }];
  assert.deepEqual(stillComing(coming, listed), [coming[1]]);
  assert.deepEqual(stillComing(coming, []), coming);
});
