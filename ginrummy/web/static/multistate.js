// Tables of three and four players (R33, R34): the server's table state read as the two-player
// picture the hand renderer draws, and the facts the table screen needs (places, teams, tables).
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

const pictures = new WeakMap();

/**
 * The two-player picture of table_hand: the state the two-player hand renderer reads
 * (view, you, seats, to_act, dealer and totals by hand seat), its stage "hand" only while that
 * table's hand is being played. Cached per state object.
 */
export function handPicture(state) {
  if (pictures.has(state)) return pictures.get(state);
  const hand = state.table_hand || null;
  const table = hand ? tableOf(state, hand.table) : null;
  const places = hand ? hand.players : [];
  const seats = places.map((place) => state.seats[place]);
  let stage = state.stage === "over" ? "over" : "between_hands";
  if (state.stage === "waiting") stage = "waiting";
  else if (state.stage === "hand" && hand && state.view && (!table || table.status === "playing")) stage = "hand";
  const picture = {
    game_id: state.game_id,
    n: state.n,
    mode: state.mode,
    kind: state.kind,
    level: state.level,
    rules: { ...state.rules, target: state.target ?? state.rules.target },
    stage,
    table: hand ? hand.table : null,
    places,
    you: hand ? hand.you : null,
    seats,
    to_act: hand ? hand.to_act : null,
    dealer: hand ? hand.dealer : null,
    // the hand (three players) or round (teams) number; hand.hand_number counts deals
    hand_number: hand ? hand.round ?? hand.hand_number ?? state.round_number : 0,
    // three players: the dealer sits out, so the hand's own dealer seat is no one's badge
    view: state.view && state.mode === "three" ? { ...state.view, dealer: null } : state.view,
    totals: places.map((place) => placeTotal(state, place)),
    boxes: places.map(() => 0),
    extra_boxes: places.map(() => 0),
    cut: null,
    scores: [],
    settlement: state.settlement,
    full: state,
  };
  pictures.set(state, picture);
  return picture;
}

/** A place's hand seat at the pictured table (null: not playing there). */
export function handSeatOf(picture, place) {
  const index = picture.places.indexOf(place);
  return index < 0 ? null : index;
}
