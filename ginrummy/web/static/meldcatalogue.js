// @ts-check
// Every possible meld as its cards, in the order of its id: a meld action's id less MELD_BASE
// indexes it (ginrummy.core.meld_catalogue.ALL_MELDS, the same order). A catalogue to read
// actions by, not a meld finder: which melds a hand holds is the server's to say.

/** @type {readonly (readonly number[])[]} */
export const ALL_MELDS = Object.freeze((() => {
  /** @type {number[][]} */
  const melds = [];
  for (let rank = 0; rank < 13; rank += 1) {
    const column = [0, 1, 2, 3].map((suit) => suit * 13 + rank);
    for (let a = 0; a < 4; a += 1) {
      for (let b = a + 1; b < 4; b += 1) for (let c = b + 1; c < 4; c += 1) melds.push([column[a], column[b], column[c]]);
    }
    melds.push(column);
  }
  for (let suit = 0; suit < 4; suit += 1) {
    for (let length = 3; length < 14; length += 1) {
      for (let low = 0; low < 14 - length; low += 1) melds.push(Array.from({ length }, (_, i) => suit * 13 + low + i));
    }
  }
  return melds;
})());
