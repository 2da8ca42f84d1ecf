// @ts-check
// Wire 1's state composed from wire 2's: what the table's renderers read today (tableview.js,
// multiview.js, table.js, tablelog.js), put together from the reducer's state (tablestate.js),
// the server's derived facts it keeps (`facts`, `seat_facts`) and the `table_info` message.
// No rule is worked out here: every derived fact is the server's; this only renames and
// arranges. tests/livetable/js/wireone.test.mjs checks the result against wire 1's state, for
// every reader at every step of the golden games, key by key (WIRE_ONE_NOT_COMPOSED: the keys
// still missing).

import { ALL_MELDS } from "./meldcatalogue.js";

/** @typedef {import("./tablestate.js").TableState} TableState */
/** @typedef {import("./tablestate.js").Facts} Facts */

/**
 * @typedef {{seat: number, kind: string, name: string, joined: boolean, connected: boolean}} InfoSeat
 * @typedef {{game_id: string, kind: string, level: number | null, computer: string | null,
 *   seats: InfoSeat[], listed: boolean, rated: boolean, tournament?: string | null}} TableInfo
 *   The `table_info` message of wire 2.
 */

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SIMPLE = ["stock", "take", "pass", "done", "big gin"];
const DISCARD_BASE = 5;
const KNOCK_BASE = DISCARD_BASE + 52;
const LAYOFF_BASE = KNOCK_BASE + 52;
const MELD_BASE = LAYOFF_BASE + 52;
const FACE_DOWN_KNOCK = -1;

/**
 * The keys of wire 1 that are not composed yet, and why: each needs a fact the server does
 * not send on wire 2 yet (the phase after each move and the hand's public history and lay-out
 * of a hand in play), so the test leaves them out. A finished hand's `view` is the server's.
 */
export const WIRE_ONE_NOT_COMPOSED = Object.freeze({ tables: [], view: [] });

/** @param {number} card */
export const cardName = (card) => RANKS[card % 13] + SUITS[Math.floor(card / 13)];

/** @param {number[]} cards */
const names = (cards) => cards.slice().sort((a, b) => a - b).map(cardName);

/**
 * An action's name as wire 1 writes it (`"discard 7H"`, `"meld 7H 8H 9H"`).
 * @param {number} action
 */
export function actionName(action) {
  if (action < DISCARD_BASE) return SIMPLE[action];
  if (action < KNOCK_BASE) return `discard ${cardName(action - DISCARD_BASE)}`;
  if (action < LAYOFF_BASE) return `knock ${cardName(action - KNOCK_BASE)}`;
  if (action < MELD_BASE) return `layoff ${cardName(action - LAYOFF_BASE)}`;
  return `meld ${names(ALL_MELDS[action - MELD_BASE]).join(" ")}`;
}

/**
 * The places the game waits for: the player to act at each table in play, and the people whose
 * table waits for their `ready`.
 * @param {TableState} state @param {Facts} facts
 */
function toAct(state, facts) {
  const out = new Set();
  for (const view of state.tables) if (view) out.add(view.turn);
  for (const seat of state.seats) {
    const place = seat.place;
    if (seat.kind === "human" && facts.waiting.includes(place) && !state.ready.includes(place) && !state.stand_in.includes(place)) out.add(place);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Where the hand the reader looks at is played (wire 1's `table_hand`): its own hand, else the
 * first in play, else the last finished one, else its table before its first deal.
 * @param {TableState} state @param {Facts} facts
 */
function tableHand(state, facts) {
  const reader = state.reader;
  const own = state.seat_facts;
  const over = state.stage === "over";
  const mine = reader === null || over ? null : facts.seats[reader].table;
  const live = state.tables.flatMap((view, at) => (view ? [at] : []));
  /** @param {number} table @param {number} round @param {number[]} players @param {number | null} dealer @param {number | null} deal */
  const where = (table, round, players, dealer, deal) => {
    const view = state.tables[table];
    const seat = reader === null ? -1 : players.indexOf(reader);
    return {
      table, round, you: seat < 0 ? null : seat, players, dealer,
      to_act: view && deal !== null ? players.indexOf(view.turn) : null, hand_number: deal,
    };
  };
  if (own && own.table !== null && own.players) {
    return where(own.table, /** @type {number} */ (own.round), own.players, own.dealer, own.hand_number);
  }
  const table = mine !== null && live.includes(mine) ? mine : mine === null && live.length ? live[0] : null;
  if (table !== null) {
    const view = /** @type {import("./tablestate.js").TableView} */ (state.tables[table]);
    return where(table, facts.round_number, view.players, view.players.indexOf(view.dealer), facts.tables[table].deal);
  }
  if (facts.last_hand) {
    const last = facts.last_hand;
    return where(last.table, last.round, last.players, last.dealer, null);
  }
  if (mine !== null) return where(mine, facts.round_number, facts.tables[mine].players, null, null);
  return null;
}

/**
 * The parts of wire 1's `view` that follow from wire 2 so far (see WIRE_ONE_NOT_COMPOSED).
 * @param {TableState} state @param {ReturnType<typeof tableHand>} shown
 */
function viewOf(state, shown) {
  if (!shown || shown.dealer === null) return null; // nothing dealt at the reader's table yet
  const own = state.seat_facts;
  if (shown.hand_number === null) return (own && own.view) || (state.facts && state.facts.last_view) || null;
  const view = state.tables[shown.table];
  /** @type {Record<string, any>} */
  const out = {};
  if (view && shown.hand_number !== null) {
    const you = shown.you;
    const facts = /** @type {Facts} */ (state.facts);
    const showing = facts.tables[shown.table].shown || [null, null];
    Object.assign(out, {
      seat: you, dealer: shown.dealer, phase: view.phase, turn: shown.to_act, pile: view.pile.map(cardName),
      stock_size: view.stock, upcard: cardName(view.upcard), knock_limit: view.knock_limit,
      history: view.history.map(([seat, action]) => [seat, action === FACE_DOWN_KNOCK ? "knock" : actionName(action)]),
      knocker: view.knocker ?? -1, melds: view.melds.map((side) => side.map(names)), layoffs: names(view.laid_off), result: null,
    });
    if (you === null) {
      Object.assign(out, {
        hand: null, hands: showing, hand_counts: view.counts.slice(), known: view.known.map(names), legal: [],
      });
    } else {
      const legal = state.legal && state.legal.table === shown.table ? state.legal.actions.map(actionName) : [];
      Object.assign(out, {
        hand: names(view.hand || []), opponent_count: view.counts[1 - you], opponent_known: names(view.known[1 - you]),
        opponent_hand: showing[1 - you], legal,
      });
    }
  }
  if (own && own.table === shown.table && shown.you !== null) Object.assign(out, { arrangement: own.arrangement, layouts: own.layouts });
  return out;
}

/**
 * Wire 1's state for the reader of `state`, as far as wire 2 tells it (null before the facts
 * came).
 * @param {TableState} state @param {TableInfo} info
 * @returns {Record<string, any> | null}
 */
export function wireOneView(state, info) {
  const facts = state.facts;
  if (!facts) return null;
  const reader = state.reader;
  const over = state.stage === "over";
  const shown = tableHand(state, facts);
  const joined = state.seats.every((seat) => seat.joined);
  const mayReady = state.chooser !== null ? reader !== null && reader < facts.players : reader !== null && facts.waiting.includes(reader);
  const played = facts.scores.some((/** @type {any} */ score) => score.players.includes(reader));
  return {
    game_id: info.game_id, n: state.n, mode: facts.mode, players: facts.players, you: reader,
    stage: state.stage,
    first_deal_awaits_you: reader !== null && !over && joined && !state.ready.includes(reader) && mayReady && !played
      && (state.stage === "waiting" || facts.mode === "teams"),
    kind: info.kind, listed: info.listed, rated: info.rated, level: info.level, computer: info.computer,
    seats: state.seats.map((seat) => {
      const placed = facts.seats[seat.place];
      const computer = seat.kind === "computer";
      return {
        seat: seat.place, kind: seat.kind, name: seat.name, joined: seat.joined,
        connected: computer || state.connected.includes(seat.place),
        ready: state.ready.includes(seat.place) || computer || state.stand_in.includes(seat.place),
        stand_in: state.stand_in.includes(seat.place), team: placed.team, table: placed.table, hand_seat: placed.hand_seat,
      };
    }),
    rules: facts.rules, target: facts.target, team_target: facts.team_target, cut: facts.cut,
    hand_number: facts.hand_number, hands_finished: facts.hands_finished, round_number: facts.round_number,
    dealer: facts.dealer, dealing_team: facts.dealing_team, sitting_out: facts.sitting_out,
    totals: state.totals.slice(), boxes: facts.boxes, extra_boxes: facts.extra_boxes, box_points: facts.box_points,
    to_act: toAct(state, facts),
    tables: facts.tables.map((table) => {
      const view = state.tables[table.table];
      return {
        table: table.table, players: table.players, dealer: table.dealer, status: table.status,
        to_act: view ? view.turn : null, phase: view ? view.phase : null, stock_size: view ? view.stock : null,
        turns: view ? view.history.length : 0,
        upcard: view ? cardName(view.upcard) : null, hand_counts: view ? view.counts.slice() : null,
        last_result: table.last_result,
      };
    }),
    my_table: reader === null || over ? null : facts.seats[reader].table,
    table_hand: shown,
    view: viewOf(state, shown),
    last_result: facts.last_result, scores: facts.scores, rounds: facts.rounds,
    winner: facts.winner, end_reason: facts.end_reason, settlement: facts.settlement, fair: facts.fair,
  };
}
