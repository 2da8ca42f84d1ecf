// @ts-check
// A reader's view of a live table, kept up to date by folding in the events the server sends:
// `fromSnapshot` takes the snapshot a socket gets when it connects or falls behind, `reduce`
// applies one event or notice. Pure: no DOM, no I/O; the state is never changed in place.
// Cards are numbers 0..51 (suit * 13 + rank); actions are the ids of ginrummy.core.actions.

import { ALL_MELDS } from "./meldcatalogue.js";

const DRAW_STOCK = 0;
const DRAW_DISCARD = 1;
const DISCARD_BASE = 5;
const KNOCK_BASE = DISCARD_BASE + 52;
const LAYOFF_BASE = KNOCK_BASE + 52;
const MELD_BASE = LAYOFF_BASE + 52;
const BIG_GIN = 4;
const FACE_DOWN_KNOCK = -1;

/**
 * @typedef {{place: number, kind: "human" | "computer", name: string, joined: boolean}} Seat
 * @typedef {{
 *   players: number[], dealer: number, turn: number, upcard: number, knock_limit: number,
 *   stock: number, pile: number[], counts: number[], hand: number[] | null, phase: string,
 *   history: number[][], knocker: number | null, melds: number[][][], laid_off: number[],
 *   known: number[][]
 * }} TableView  One table's hand in progress; `hand` is the reader's own cards, if it plays
 *   there; `phase` the server's name of it; `history` its moves as [hand seat, action] (the
 *   reader's own face-down knock face up); `knocker` a hand seat; `melds` each hand seat's laid
 *   out; `known` the cards each hand seat took from the pile and holds.
 * @typedef {{
 *   left: number[], timeouts: number[], running_since: (string | null)[],
 *   deadlines: (string | null)[]
 * }} Clocks  Seconds left when each clock last stopped or started; a running one's deadline.
 * @typedef {{table: number, actions: number[]}} Legal  What the reader may do, at which table.
 * @typedef {{
 *   version: number, n: number, reader: number | null,
 *   stage: "waiting" | "hand" | "between_hands" | "over",
 *   seats: Seat[], connected: number[], tables: (TableView | null)[], legal: Legal | null,
 *   totals: number[], ready: number[], stand_in: number[], chooser: number | null,
 *   commitments: (string | null)[], clocks: Clocks | null, winner: number | null,
 *   end_reason: string | null, rematch_offers: number[], rematch_id: string | null,
 *   facts: Facts | null, seat_facts: SeatFacts | null
 * }} TableState  What the server's snapshot holds for this reader, and the derived facts sent
 *   after it (null until they come).
 */

/**
 * The derived facts the server works out (the browser works out none of them): the parts of
 * wire 1's state that no event carries, the same for every reader. The keys of wire 1 named so
 * hold what wire 1 holds there (`rules`, `cut`, `scores`, `rounds`, `settlement`, `fair`, …).
 * @typedef {{table: number, players: number[], dealer: number,
 *   status: "playing" | "to_deal" | "decided", last_result: object | null,
 *   deal: number | null, shown: (string[] | null)[] | null}} TableFacts  `deal`: the number
 *   of the deal in progress there; `shown`: the whole hands the rules show everyone of it.
 * @typedef {{table: number, round: number, players: number[], dealer: number}} HandSeen
 *   Where a finished hand was played; `dealer` is a hand seat.
 * @typedef {{seat: number, team: number | null, table: number | null,
 *   hand_seat: number | null}} SeatPlaceFacts
 * @typedef {{
 *   after: number, mode: string, players: number, rules: Record<string, any>, target: number,
 *   team_target: number, cut: object, last_result: object | null, scores: object[],
 *   rounds: object[], winner: number | null, end_reason: string | null, settlement: object,
 *   hand_number: number, hands_finished: number, round_number: number, dealer: number | null,
 *   dealing_team: number | null, sitting_out: number | null, boxes: number[],
 *   extra_boxes: number[], box_points: number[], fair: object, waiting: number[],
 *   tables: TableFacts[], last_hand: HandSeen | null, last_view: Record<string, any> | null,
 *   seats: SeatPlaceFacts[]
 * }} Facts  `waiting`: the places whose table waits for its next deal; `last_hand`: the last
 *   finished hand's whereabouts, `last_view` its picture as wire 1 shows it a watcher.
 * @typedef {{melds: string[][], unmatched: string[], deadwood: number,
 *   deadwood_after_discard: number | null, discards: Record<string, number> | null}} Arrangement
 * @typedef {{melds: string[][], layoffs: string[], unmatched: string[], deadwood: number,
 *   layable: number | null, actions: string[]}} Layout
 * @typedef {{after: number, table: number | null, hand_number: number | null,
 *   round: number | null, players: number[] | null, dealer: number | null,
 *   arrangement: Arrangement | null, layouts: Layout[] | null,
 *   view: Record<string, any> | null}} SeatFacts  The reader's own: the
 *   hand it looks at (where, its deal number while in play, its round, players and dealer, a
 *   hand seat), the best arrangement of its cards (and, holding 11 cards, each discard's
 *   deadwood), the layouts it may choose at its turn to lay out, and a finished hand's whole
 *   picture as wire 1 shows it (`view`). Sent to that reader alone.
 */

/**
 * The events, numbered by `version`; each also has `n`, the log entry that made it (a person's
 * command sends the latest as `expect`). A notice is not numbered and says which version it follows.
 * @typedef {{kind: "dealt", version: number, n: number, table: number, deal: number, dealer: number,
 *   players: number[], upcard: number, knock_limit: number, stock: number,
 *   turn: number, phase: string}} DealtEvent
 * @typedef {{kind: "hand", version: number, n: number, table: number, cards: number[]}} HandEvent
 * @typedef {{kind: "committed", version: number, n: number, table: number, commitment: string}} CommittedEvent
 * @typedef {{kind: "played", version: number, n: number, table: number, place: number, action: number,
 *   turn: number | null, phase: string, card?: number}} PlayedEvent  `card`: a face-down knock's,
 *   when it was taken from the pile (everyone saw it).
 * @typedef {{kind: "own_action", version: number, n: number, table: number, action: number}} OwnActionEvent
 * @typedef {{kind: "drew", version: number, n: number, table: number, card: number}} DrewEvent
 * @typedef {{kind: "legal", version: number, n: number, table: number, actions: number[]}} LegalEvent
 * @typedef {{kind: "hand_over", version: number, n: number, table: number, deal: number | null,
 *   outcome: string, winner: number | null, points: number, hands: (number[] | null)[],
 *   totals: number[], server_seed?: string, client_seeds?: (string | null)[]}} HandOverEvent
 * @typedef {{kind: "ready", version: number, n: number, place: number}} ReadyEvent
 * @typedef {{kind: "dealer_chosen", version: number, n: number, place: number, deals: boolean}} DealerChosenEvent
 * @typedef {{kind: "time_up", version: number, n: number}} TimeUpEvent
 * @typedef {{kind: "stand_in", version: number, n: number, place: number, on: boolean}} StandInEvent
 * @typedef {{kind: "clock_ran_out", version: number, n: number, place: number}} ClockRanOutEvent
 * @typedef {{kind: "forfeited", version: number, n: number, place: number}} ForfeitedEvent
 * @typedef {{kind: "resigned", version: number, n: number, place: number}} ResignedEvent
 * @typedef {{kind: "game_over", version: number, n: number, winner: number | null, totals: number[],
 *   end_reason: string}} GameOverEvent
 * @typedef {{kind: "clocks", version: number, n: number} & Clocks} ClocksEvent
 * @typedef {{kind: "joined", after: number, place: number, name: string}} JoinedNotice
 * @typedef {{kind: "sent_away", after: number, place: number}} SentAwayNotice
 * @typedef {{kind: "presence", after: number, connected: number[]}} PresenceNotice
 * @typedef {{kind: "rematch", after: number, offers: number[], game_id?: string,
 *   declined_by?: number}} RematchNotice
 * @typedef {{kind: "facts"} & Partial<Facts>} FactsNotice  The table's derived facts, when they
 *   changed: whole after a snapshot, afterwards the keys that changed (and `after`).
 * @typedef {{kind: "seat_facts"} & SeatFacts} SeatFactsNotice  The reader's own, when they changed.
 * @typedef {DealtEvent | HandEvent | CommittedEvent | PlayedEvent | OwnActionEvent | DrewEvent
 *   | LegalEvent | HandOverEvent | ReadyEvent | DealerChosenEvent | TimeUpEvent | StandInEvent
 *   | ClockRanOutEvent | ForfeitedEvent | ResignedEvent | GameOverEvent | ClocksEvent
 *   | JoinedNotice | SentAwayNotice | PresenceNotice | RematchNotice | FactsNotice
 *   | SeatFactsNotice} TableEvent
 */

/**
 * The state a reader starts from: the snapshot itself (a copy, so the caller's stays as sent);
 * the facts come in the notices that follow it.
 * @param {Omit<TableState, "facts" | "seat_facts">} snapshot
 * @returns {TableState}
 */
export function fromSnapshot(snapshot) {
  return { ...structuredClone(snapshot), facts: null, seat_facts: null };
}

/** @param {number[]} list @param {number} item */
const without = (list, item) => list.filter((x) => x !== item);
/** @param {number[]} list @param {number} item */
const withItem = (list, item) => (list.includes(item) ? list : [...list, item].sort((a, b) => a - b));

/**
 * A notice's fields: all but its kind (and the socket message's type, when given whole).
 * @param {FactsNotice | SeatFactsNotice} notice
 * @returns {Record<string, any>}
 */
function noticeFields(notice) {
  /** @type {Record<string, any>} */
  const fields = { ...notice };
  delete fields.kind;
  delete fields.type;
  return fields;
}

/**
 * `state` with table `at` replaced by what `change` makes of it.
 * @param {TableState} state @param {number} at @param {(view: TableView) => TableView} change
 * @returns {TableState}
 */
function changeTable(state, at, change) {
  const view = state.tables[at];
  if (!view) return state;
  const tables = state.tables.slice();
  tables[at] = change(view);
  return { ...state, tables };
}

/**
 * A move's public effect on its table; the reader's own cards change with it when it moved.
 * @param {TableView} view @param {PlayedEvent} event @param {number | null} reader
 * @returns {TableView}
 */
function afterMove(view, event, reader) {
  const index = view.players.indexOf(event.place);
  const mine = event.place === reader;
  const counts = view.counts.slice();
  const known = view.known.slice();
  let { pile, stock, hand, knocker, melds, laid_off } = view;
  const action = event.action;
  if (action === DRAW_STOCK) {
    stock -= 1;
    counts[index] += 1;
  } else if (action === DRAW_DISCARD) {
    const card = pile[pile.length - 1];
    pile = pile.slice(0, -1);
    counts[index] += 1;
    known[index] = withItem(known[index], card);
    if (mine && hand) hand = withItem(hand, card);
  } else if (action === FACE_DOWN_KNOCK || (action >= KNOCK_BASE && action < LAYOFF_BASE)) {
    counts[index] -= 1;
    knocker = index;
    if (action !== FACE_DOWN_KNOCK) known[index] = without(known[index], action - KNOCK_BASE);
    else if (event.card !== undefined) known[index] = without(known[index], event.card);
    if (mine && hand && action !== FACE_DOWN_KNOCK) hand = without(hand, action - KNOCK_BASE);
  } else if (action >= DISCARD_BASE && action < KNOCK_BASE) {
    const card = action - DISCARD_BASE;
    pile = [...pile, card];
    counts[index] -= 1;
    known[index] = without(known[index], card);
    if (mine && hand) hand = without(hand, card);
  } else if (action === BIG_GIN) {
    knocker = index;
  } else if (action >= LAYOFF_BASE && action < MELD_BASE) {
    laid_off = withItem(laid_off, action - LAYOFF_BASE);
  } else if (action >= MELD_BASE) {
    melds = melds.slice();
    melds[index] = [...melds[index], ALL_MELDS[action - MELD_BASE].slice()];
  }
  const history = [...view.history, [index, action]];
  return {
    ...view, pile, stock, counts, hand, known, knocker, melds, laid_off, history, phase: event.phase,
    turn: event.turn === null ? view.turn : event.turn,
  };
}

/**
 * The state after one event or notice.
 * @param {TableState} state
 * @param {TableEvent} event
 * @returns {TableState}
 */
export function reduce(state, event) {
  /** @type {TableState} */
  let next = state;
  if ("version" in event) next = { ...next, version: event.version };
  if ("n" in event) next = { ...next, n: event.n };
  switch (event.kind) {
    case "dealt": {
      const tables = next.tables.slice();
      const dealt = 52 - event.stock - 1;
      tables[event.table] = {
        players: event.players, dealer: event.dealer, turn: event.turn, upcard: event.upcard,
        knock_limit: event.knock_limit, stock: event.stock, pile: [event.upcard], counts: [dealt / 2, dealt / 2], hand: null,
        phase: event.phase, history: [], knocker: null, melds: [[], []], laid_off: [], known: [[], []],
      };
      const ready = next.ready.filter((place) => !event.players.includes(place));
      return { ...next, tables, ready, stage: "hand", chooser: null };
    }
    case "hand":
      return changeTable(next, event.table, (view) => ({ ...view, hand: event.cards.slice().sort((a, b) => a - b) }));
    case "committed": {
      const commitments = next.commitments.slice();
      commitments[event.table] = event.commitment;
      return { ...next, commitments };
    }
    case "played": {
      const legal = next.legal && next.legal.table === event.table ? null : next.legal;
      return changeTable({ ...next, legal }, event.table, (view) => afterMove(view, event, next.reader));
    }
    case "own_action":
      if (event.action >= KNOCK_BASE && event.action < LAYOFF_BASE) {
        const card = event.action - KNOCK_BASE;
        return changeTable(next, event.table, (view) => {
          const index = view.history[view.history.length - 1][0];
          const known = view.known.slice();
          known[index] = without(known[index], card);
          const history = [...view.history.slice(0, -1), [index, event.action]];
          return { ...view, hand: view.hand && without(view.hand, card), known, history };
        });
      }
      return next;
    case "drew":
      return changeTable(next, event.table, (view) => ({ ...view, hand: view.hand && withItem(view.hand, event.card) }));
    case "legal":
      return { ...next, legal: { table: event.table, actions: event.actions.slice() } };
    case "hand_over": {
      const tables = next.tables.slice();
      tables[event.table] = null;
      const legal = next.legal && next.legal.table === event.table ? null : next.legal;
      const stage = tables.some((view) => view) ? next.stage : "between_hands";
      return { ...next, tables, legal, stage, totals: event.totals.slice() };
    }
    case "ready":
      return { ...next, ready: withItem(next.ready, event.place) };
    case "dealer_chosen":
      return { ...next, chooser: null };
    case "stand_in":
      return { ...next, stand_in: event.on ? withItem(next.stand_in, event.place) : without(next.stand_in, event.place) };
    case "game_over":
      return {
        ...next, stage: "over", legal: null, winner: event.winner, totals: event.totals.slice(),
        end_reason: event.end_reason,
      };
    case "clocks": {
      const { left, timeouts, running_since, deadlines } = event;
      return { ...next, clocks: { left, timeouts, running_since, deadlines } };
    }
    case "joined":
      return {
        ...next,
        seats: next.seats.map((seat) => (seat.place === event.place ? { ...seat, name: event.name, joined: true } : seat)),
      };
    case "sent_away":
      return {
        ...next,
        seats: next.seats.map((seat) => (seat.place === event.place ? { ...seat, name: "", joined: false } : seat)),
      };
    case "presence":
      return { ...next, connected: event.connected.slice() };
    case "rematch":
      return { ...next, rematch_offers: event.offers.slice(), rematch_id: event.game_id ?? next.rematch_id };
    case "facts": // whole after a snapshot, then the keys that changed
      return { ...next, facts: /** @type {Facts} */ ({ ...next.facts, ...noticeFields(event) }) };
    case "seat_facts":
      return { ...next, seat_facts: /** @type {SeatFacts} */ (noticeFields(event)) };
    default:
      // time_up, clock_ran_out, forfeited, resigned: what they change comes in their own events
      // (game_over, clocks, stand-ins); an unknown kind from a newer server changes nothing.
      return next;
  }
}
