// Provably fair decks, checked in the browser: docs/FAIRNESS.md versions 1 and 2, with WebCrypto.
// No DOM and no server: every check of a hand is computed here from the record alone.

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const HEX64 = /^[0-9a-f]{64}$/;
const SEATS = 2;
const MAX_CLIENT_SEED = 64;
const MAX_GAME_ID = 128;
const MAX_HAND_NUMBER = 1000000;
export const FORMATS = ["ginrummy-game", "ginrummy-table-game"];
// What Python's str.isprintable() refuses: control, format, surrogate, private, unassigned,
// line and paragraph separators, and every space but the ASCII one.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

export const VERSION = 2;
export const VERSIONS = [1, 2];

export function cardName(number) {
  return RANKS[number % 13] + SUITS[Math.floor(number / 13)];
}

export function hexToBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(bytes) {
  return bytesToHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** Fields as the message of step 4: each its UTF-8 length (4 bytes, big-endian) then its bytes. */
function fieldBytes(fields) {
  const encoded = fields.map((field) => new TextEncoder().encode(field));
  const message = new Uint8Array(encoded.reduce((size, field) => size + 4 + field.length, 0));
  const view = new DataView(message.buffer);
  let at = 0;
  for (const field of encoded) {
    view.setUint32(at, field.length);
    message.set(field, at + 4);
    at += 4 + field.length;
  }
  return message;
}

/** The message of step 4; version 2 takes the commitment the players' seeds were sent with. */
export function deckMessage(gameId, handNumber, clientSeeds, version = VERSION, commitment = null) {
  const bound = version === 2 ? [commitment] : [];
  return fieldBytes(["ginrummy-deck", String(version), gameId, String(handNumber), ...bound,
    String(clientSeeds.length), ...clientSeeds.map((seed) => seed ?? "")]);
}

/** A byte reader over HMAC-SHA256(key = server seed, message || counter), block after block. */
async function hmacStream(serverSeedHex, message) {
  const key = await crypto.subtle.importKey("raw", hexToBytes(serverSeedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const block = new Uint8Array(message.length + 4);
  block.set(message);
  let stream = new Uint8Array(0);
  let counter = 0;
  return async () => {
    if (!stream.length) {
      new DataView(block.buffer).setUint32(message.length, counter);
      stream = new Uint8Array(await crypto.subtle.sign("HMAC", key, block));
      counter += 1;
    }
    const byte = stream[0];
    stream = stream.subarray(1);
    return byte;
  };
}

/** Fisher-Yates with rejection over `readByte` (n is at most 52: one byte a try). */
async function shuffleFrom(readByte) {
  const below = async (n) => {
    const mask = (1 << (n - 1).toString(2).length) - 1;
    for (;;) {
      const value = (await readByte()) & mask;
      if (value < n) return value;
    }
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i -= 1) {
    const j = await below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The deck of one hand (card numbers, top first). */
export async function deriveDeck(serverSeedHex, gameId, handNumber, clientSeeds, version = VERSION) {
  const commitment = version === 2 ? await sha256Hex(hexToBytes(serverSeedHex)) : null;
  const message = deckMessage(gameId, handNumber, clientSeeds, version, commitment);
  return shuffleFrom(await hmacStream(serverSeedHex, message));
}

/** The cut for the first deal of a version-2 game: rounds of one card a player. */
export async function deriveCut(serverSeedHex, gameId, players) {
  const commitment = await sha256Hex(hexToBytes(serverSeedHex));
  const read = await hmacStream(serverSeedHex, fieldBytes(["ginrummy-cut", "2", commitment, String(players)]));
  const rounds = [];
  while (rounds.length < 64) {
    const cards = (await shuffleFrom(read)).slice(0, players);
    rounds.push(cards);
    const ranks = cards.map((card) => card % 13);
    if (ranks.filter((rank) => rank === Math.min(...ranks)).length === 1) break;
  }
  return rounds;
}

function textProblem(text, limit, what) {
  if (typeof text !== "string") return { code: `${what}_type`, type: text === null ? "null" : typeof text };
  const length = [...text].length;
  if (length < 1 || length > limit) return { code: `${what}_length`, length, limit };
  const bad = [...text].find((ch) => UNPRINTABLE.test(ch));
  if (bad !== undefined) return { code: `${what}_character`, code_point: `U+${bad.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}` };
  return null;
}

function short(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 80 ? text : `${text.slice(0, 77)}...`;
}

/**
 * Everything that keeps hand `number` (from 1) of a parsed record from being proved fair:
 * a list of problems {code, ...params}, empty when the hand is proved fair.
 */
export async function checkHand(hand, number) {
  const fair = hand && hand.fair;
  if (!fair || typeof fair !== "object") return [{ code: "no_fair" }];
  const problems = [];
  const known = VERSIONS.includes(fair.version);
  if (!known) problems.push({ code: "version", version: short(fair.version), known: VERSIONS.join(", ") });
  const commitmentOk = typeof fair.commitment === "string" && HEX64.test(fair.commitment);
  if (!commitmentOk) problems.push({ code: "commitment_format", value: short(fair.commitment) });
  const seed = fair.server_seed;
  let seedOk = false;
  if (seed === null || seed === undefined) problems.push({ code: "server_seed_missing" });
  else if (typeof seed !== "string" || !HEX64.test(seed)) problems.push({ code: "server_seed_format", value: short(seed) });
  else seedOk = true;
  if (seedOk && commitmentOk) {
    const actual = await sha256Hex(hexToBytes(seed));
    if (actual !== fair.commitment) problems.push({ code: "commitment_mismatch", commitment: fair.commitment, actual });
  }
  let inputsOk = true;
  const seeds = fair.client_seeds;
  if (!Array.isArray(seeds)) {
    problems.push({ code: "client_seeds_type" });
    inputsOk = false;
  } else {
    if (seeds.length !== SEATS) problems.push({ code: "client_seed_count", count: seeds.length, seats: SEATS });
    seeds.forEach((client, seat) => {
      const problem = client === null ? null : textProblem(client, MAX_CLIENT_SEED, "client_seed");
      if (problem) {
        problems.push({ ...problem, seat });
        inputsOk = false;
      }
    });
  }
  const idProblem = textProblem(fair.game_id, MAX_GAME_ID, "game_id");
  if (idProblem) {
    problems.push(idProblem);
    inputsOk = false;
  }
  const deck = deckNumbers(hand.deck);
  if (deck === null) {
    problems.push({ code: "deck_cards", count: Array.isArray(hand.deck) ? hand.deck.length : "?" });
    inputsOk = false;
  }
  if (seedOk && inputsOk && known) {
    const expected = await deriveDeck(seed, fair.game_id, number, seeds, fair.version);
    const wrong = expected.map((card, i) => (card === deck[i] ? -1 : i)).filter((i) => i >= 0);
    if (wrong.length) {
      const first = wrong[0];
      problems.push({ code: "deck_mismatch", count: wrong.length, position: first + 1,
        card: cardName(deck[first]), expected: cardName(expected[first]) });
    }
  }
  return problems;
}

/** The record's deck as card numbers, or null unless it is the 52 cards once each. */
function deckNumbers(deck) {
  if (!Array.isArray(deck) || deck.length !== 52) return null;
  const numbers = deck.map((name) => (typeof name === "string" && name.length === 2 && RANKS.includes(name[0]) && SUITS.includes(name[1])
    ? SUITS.indexOf(name[1]) * 13 + RANKS.indexOf(name[0]) : -1));
  return new Set(numbers).size === 52 && !numbers.includes(-1) ? numbers : null;
}

/**
 * The game record in `data`: a record ({"format": "ginrummy-game", ...} of version 2 or 1, or a
 * version 1 three-player or team game's {"format": "ginrummy-table-game", ...}), the answer of
 * GET /api/games/{id}/record or its chain entry (the record under "record"). Throws an Error whose `problem`
 * says why the file is not a game record.
 */
export function gameRecordOf(data) {
  const fail = (problem) => Object.assign(new Error(problem.code), { problem });
  // the API's answer holds the chain's entry under "record", which holds the game record
  for (let depth = 0; depth < 2 && data && typeof data === "object" && !("format" in data) && data.record && typeof data.record === "object"; depth += 1) data = data.record;
  if (!data || typeof data !== "object" || Array.isArray(data)) throw fail({ code: "not_object" });
  if (!FORMATS.includes(data.format)) throw fail({ code: "format", value: short(data.format) });
  if (!Array.isArray(data.hands)) throw fail({ code: "hands", value: short(data.hands) });
  return data;
}

/** Parse JSON text into a game record; errors as gameRecordOf (a JSON error says where). */
export function parseRecord(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw Object.assign(new Error("json"), { problem: { code: "json", error: error.message } });
  }
  return gameRecordOf(data);
}

/**
 * Check every hand of a game record: {hands: [problems of hand 1, ...], game: [problems]}.
 * Besides each hand's own checks: one game id for the whole game, a server seed per hand.
 * A hand is derived with its "deal" number (docs/FAIRNESS.md), one per hand; a two-player hand
 * without one (version 1) with its place in the record, as gin verify does.
 */
export async function checkRecord(record) {
  const hands = [];
  const game = record.hands.length ? [] : [{ code: "no_hands" }];
  const players = Number.isInteger(record.players) ? record.players : 2;
  let firstGameId = null;
  const seen = new Map();
  const seenDeals = new Map();
  for (const [index, hand] of record.hands.entries()) {
    const fair = hand && hand.fair;
    const numbered = Boolean(hand) && hand.deal !== undefined && hand.deal !== null;
    const deal = numbered || players !== 2 ? dealProblem(hand) : null;
    const number = numbered ? hand.deal : index + 1;
    const problems = fair && typeof fair === "object" && deal ? [deal] : await checkHand(hand, number);
    if (fair && typeof fair === "object") {
      if (!deal) {
        if (seenDeals.has(number)) problems.push({ code: "deal_reused", deal: number, other: seenDeals.get(number) });
        else seenDeals.set(number, index + 1);
      }
      if (firstGameId === null) firstGameId = fair.game_id;
      else if (fair.game_id !== firstGameId) problems.push({ code: "game_id_differs", game_id: short(fair.game_id), first: short(firstGameId) });
      if (typeof fair.server_seed === "string") {
        if (seen.has(fair.server_seed)) problems.push({ code: "seed_reused", other: seen.get(fair.server_seed) });
        else seen.set(fair.server_seed, index + 1);
      }
    }
    hands.push(problems);
  }
  const cut = await cutProblem(record, players);
  if (cut) game.push(cut);
  return { hands, game };
}

/** Version 2: the record's cut must be the one the first deal's server seed fixes (the first
 * deal at table 0). */
async function cutProblem(record, players) {
  const first = record.hands.find((hand) => hand && (hand.table === undefined || hand.table === 0));
  const fair = first && first.fair;
  if (!fair || fair.version !== 2 || typeof fair.server_seed !== "string" || !HEX64.test(fair.server_seed)) return null;
  if (await sha256Hex(hexToBytes(fair.server_seed)) !== fair.commitment || textProblem(fair.game_id, MAX_GAME_ID, "game_id")) return null;
  const expected = (await deriveCut(fair.server_seed, fair.game_id, players)).map((round) => round.map(cardName).join(" ")).join(", ");
  const cut = Array.isArray(record.cut) ? record.cut.map((round) => (Array.isArray(round) ? round.join(" ") : String(round))).join(", ") : short(record.cut);
  return cut === expected ? null : { code: "cut_mismatch", cut, expected };
}

/** A table game's hand without a usable deal number: {code, ...} or null when it has one. */
function dealProblem(hand) {
  const deal = hand && hand.deal;
  if (deal === undefined || deal === null) return { code: "no_deal" };
  if (!Number.isInteger(deal) || deal < 1 || deal > MAX_HAND_NUMBER) return { code: "deal_number", value: short(deal), limit: MAX_HAND_NUMBER };
  return null;
}
