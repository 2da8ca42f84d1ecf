// The hand the reader looks at, in hand seats 0 and 1, read from the one state of every game
// (state.view, and state.table_hand for where it is played): the hand renderer draws this for
// two players, three and teams alike. Game-level facts (cut, scores, settlement) come along
// as the state has them; totals and boxes are given per hand seat.
import { isTeams, present, tableOf, teamOf } from "./multistate.js";

const scenes = new WeakMap();

function sideOf(state, place) {
  return isTeams(state) ? teamOf(state, place) : place;
}

/** The places of the hand shown, in hand seat order (none known: the only table's players). */
function placesOf(state) {
  const hand = state.table_hand;
  if (hand) return hand.players;
  const tables = state.tables || [];
  return tables.length === 1 ? tables[0].players : [];
}

/**
 * The hand scene of `state`: its stage is "hand" only while that table's hand is being played.
 * Cached per state object.
 */
export function handScene(state) {
  if (scenes.has(state)) return scenes.get(state);
  const hand = state.table_hand || null;
  const table = hand ? tableOf(state, hand.table) : null;
  const places = placesOf(state);
  let stage = state.stage === "over" ? "over" : "between_hands";
  if (state.stage === "waiting") stage = "waiting";
  else if (state.stage === "hand" && hand && state.view && (!table || table.status === "playing")) stage = "hand";
  const perSeat = (values) => places.map((place) => (values || [])[sideOf(state, place)] ?? 0);
  const scene = {
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
    seats: places.map((place) => state.seats[place]),
    to_act: hand ? hand.to_act : null,
    dealer: hand ? hand.dealer : null,
    // the hand (two and three players) or round (teams) number
    hand_number: hand ? hand.round ?? state.round_number : state.hand_number,
    // three players: the dealer sits out, so the hand's own dealer seat is no one's badge
    view: state.view && state.mode === "three" ? { ...state.view, dealer: null } : state.view,
    totals: perSeat(state.totals),
    boxes: perSeat(state.boxes),
    extra_boxes: perSeat(state.extra_boxes),
    box_points: perSeat(state.box_points),
    cut: state.cut,
    scores: state.scores || [],
    settlement: state.settlement,
    rematch: state.rematch,
    rematch_of: state.rematch_of,
    tournament: state.tournament,
    full: state,
  };
  scenes.set(state, scene);
  return scene;
}

/** A place's hand seat in the scene (null: not playing there). */
export function handSeatOf(scene, place) {
  if (!present(place)) return null;
  const index = scene.places.indexOf(place);
  return index < 0 ? null : index;
}
