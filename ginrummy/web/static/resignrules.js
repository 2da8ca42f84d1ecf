// @ts-check
// The decisions behind the Resign button, as plain functions (no page, no server): whether the
// reader may resign now, and what the end of a resigned game says about who resigned.

/**
 * @typedef {{ seat: number, kind: string, joined?: boolean }} SeatInfo
 * @typedef {{ stage: string, you?: number | null, seats: SeatInfo[], abandoned?: boolean }} TableState
 * @typedef {{ end_reason?: string | null, resigned?: number | null }} Settled
 */

/**
 * Whether the reader may resign: a person playing their own seat (not watching, not a
 * replay) at a game in progress whose seats are all taken. The computer never resigns.
 * @param {TableState | null} state
 * @param {{ readOnly: boolean, mode: string }} screen
 */
export function mayResign(state, { readOnly, mode }) {
  if (!state || readOnly || mode !== "play" || state.stage === "over" || state.abandoned) return false;
  const you = state.you;
  if (typeof you !== "number") return false;
  const mine = state.seats.find((seat) => seat.seat === you);
  return Boolean(mine && mine.kind === "human") && state.seats.every((seat) => seat.joined !== false);
}

/**
 * What the end of the game says about a resignation: the catalogue key and its parameters,
 * or null when nobody resigned. `nameOf` names a place.
 * @param {Settled | null | undefined} settlement
 * @param {number | null | undefined} you
 * @param {(place: number) => string} nameOf
 * @returns {{ key: string, params: Record<string, string> } | null}
 */
export function resignedLine(settlement, you, nameOf) {
  if (!settlement || settlement.end_reason !== "resigned") return null;
  const place = settlement.resigned;
  if (typeof place !== "number") return null;
  if (place === you) return { key: "over.resigned_you", params: {} };
  return { key: "over.resigned", params: { name: nameOf(place) } };
}

/**
 * The move log's line for a `resign` entry: the catalogue key, the reader's own or another's.
 * @param {number | null | undefined} place
 * @param {number | null | undefined} you
 */
export function resignLogKey(place, you) {
  return place === you ? "log.resign_you" : "log.resign";
}
