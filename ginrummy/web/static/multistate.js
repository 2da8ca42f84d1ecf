// Tables of three and four players (R33, R34): the facts the table screen needs of the one state
// (places, teams, tables, who is asked to be ready).
import { seatName } from "./describe.js";

export function isTableGame(state) {
  return Boolean(state) && (state.mode === "three" || state.mode === "teams");
}

export function isTeams(state) {
  return Boolean(state) && state.mode === "teams";
}

/** Whether `value` is a place (0 counts; null and undefined do not). */
export function present(value) {
  return value !== null && value !== undefined;
}

/** A place's name in the reader's words (the seat dicts are indexed by place). */
export function placeName(state, place) {
  return seatName(state, place);
}

export function teamOf(state, place) {
  const info = state.seats[place];
  return info && present(info.team) ? info.team : place % 2;
}

/** The places of a team, in order. */
export function teamPlaces(state, team) {
  return state.seats.filter((info) => teamOf(state, info.seat) === team).map((info) => info.seat);
}

/** A team named by its players: "Ann & Computer (level 1)". */
export function teamName(state, team) {
  return teamPlaces(state, team).map((place) => placeName(state, place)).join(" & ");
}

/** The total shown for a place: its own (three players) or its team's (teams). */
export function placeTotal(state, place) {
  return isTeams(state) ? state.totals[teamOf(state, place)] : state.totals[place];
}

export function tableOf(state, number) {
  return (state.tables || []).find((table) => table.table === number) || null;
}

/** The table the reader plays at this round (null: sits out, watches, or none yet). */
export function myTable(state) {
  return present(state.my_table) ? tableOf(state, state.my_table) : null;
}

/** Teams: the other table of the reader's team (where the partner plays), else null. */
export function partnerTable(state) {
  if (!isTeams(state) || !present(state.you)) return null;
  return (state.tables || []).find((table) => table.table !== state.my_table) || null;
}

/** Three players: whether the reader sits out the hand being played (or about to be). */
export function sitsOut(state) {
  return state.mode === "three" && present(state.you) && state.sitting_out === state.you;
}

/** Whether the reader is asked for `ready` now (between hands, or its void hand to deal again). */
export function readyWanted(state) {
  if (!state || state.stage === "over" || state.stage === "waiting" || !present(state.you)) return false;
  const mine = myTable(state);
  if (state.stage === "hand" && (!mine || mine.status === "playing")) return false;
  return (state.to_act || []).includes(state.you);
}
