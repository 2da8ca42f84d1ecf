// What happened, in words: moves for the log, a hand's score line by line, the settlement.
import { cardText, cardsText, has, t, tp } from "./i18n.js";

/** A preset's short name ("Standard"), from the first part of its description. */
export function presetName(name) {
  const text = t(`preset.${name}`);
  return text.startsWith("preset.") ? name : text.split(":")[0];
}

export function seatName(state, seat) {
  const info = state && state.seats && state.seats[seat];
  if (!info) return `#${seat}`;
  if (info.kind === "human" && !info.name) return t("seat.open"); // an open place of a lobby game
  // the computer's seat is named by the server in English ("Computer (level 2)"): say it in the reader's words
  const computer = info.kind === "computer" && /^Computer \(level (\d)\)$/.exec(info.name);
  if (computer) return t("seat.computer", { level: computer[1] });
  // at a table of three or four: "Computer 2 (level 1)", "Friend 3" (the place, from 0); in a tournament, "Computer 12 (level 1)"
  const numbered = info.kind === "computer" && /^Computer (\d+) \(level (\d)\)$/.exec(info.name);
  if (numbered) return t("seat.computer_at", { place: numbered[1], level: numbered[2] });
  const friend = info.kind === "human" && /^Friend (\d)$/.exec(info.name);
  if (friend) return t("seat.friend_at", { place: friend[1] });
  // the invited seat's name until the friend gives one
  if (info.kind === "human" && (info.seat ?? seat) !== 0 && info.name === "Friend") return t("seat.friend");
  // a deleted account's seat in a game that went on without it
  if (info.kind === "human" && info.name === "Former player") return t("seat.former");
  return info.name;
}

/**
 * A move in words. `seat` played `action` (the server's text); `me` is the reader's seat
 * (null for a watcher); `card` is what the words need that the action does not say: the
 * card a seat took from the pile, or the card the reader drew from the stock.
 */
export function moveText(action, seat, me, name, card = null, gin = false) {
  const you = seat === me;
  const key = (base) => (you ? `log.${base}_you` : `log.${base}`);
  const [verb, ...rest] = action.split(" ");
  if (action === "stock") {
    if (you) return card ? t("log.draw_stock_you", { card: cardText(card) }) : t("log.draw_stock_you_unknown");
    return t("log.draw_stock", { name });
  }
  if (action === "take") return t(key("take"), { name, card: card ? cardText(card) : "?" });
  if (action === "pass") return t(key("pass"), { name });
  if (action === "done") return t(key("done"), { name });
  if (action === "big gin") return t(key("big_gin"), { name });
  if (verb === "knock") {
    if (you && rest[0]) return t(gin ? "log.gin_you" : "log.knock_you", { card: cardText(rest[0]) });
    return t(gin ? "log.gin" : "log.knock", { name });
  }
  if (verb === "discard") return t(key("discard"), { name, card: cardText(rest[0]) });
  if (verb === "meld") return t(key("meld"), { name, cards: cardsText(rest) });
  if (verb === "layoff") return t(key("layoff"), { name, card: cardText(rest[0]) });
  return name;
}

/**
 * The hand's history as log lines, rebuilt from view.history (a snapshot): the pile is
 * replayed from the first upcard so that each take names its card. Each line's `text` is a
 * function, so that the log reads in the language chosen later.
 */
export function historyLines(state) {
  const view = state.view;
  if (!view) return [];
  const pile = view.upcard ? [view.upcard] : [];
  const me = state.you;
  const lines = [];
  for (const [seat, action] of view.history || []) {
    let card = null;
    if (action === "take") card = pile.pop() || null;
    else if (action.startsWith("discard ")) pile.push(action.slice(8));
    const gin = action.startsWith("knock") && handWasGin(state, state.hand_number);
    lines.push({ seat, text: () => moveText(action, seat, me, seatName(state, seat), card, gin) });
  }
  return lines;
}

/**
 * Whether hand `number`, as `state` shows it, was ended by a gin: its result says so, or the
 * knocker's cards are all in its melds once they are laid out (the defender's view).
 */
export function handWasGin(state, number) {
  const view = state && state.view;
  if (!view || state.hand_number !== number || view.knocker === null || view.knocker === undefined || view.knocker < 0) return false;
  if (view.result) return view.result.outcome === "gin" || view.result.outcome === "big_gin";
  const melded = new Set((view.melds[view.knocker] || []).flat());
  const knockerHand = view.seat === view.knocker ? view.hand : view.seat === null || view.seat === undefined ? (view.hands || [])[view.knocker] : view.opponent_hand;
  return Boolean(knockerHand) && knockerHand.length > 0 && knockerHand.every((card) => melded.has(card));
}

/** The cut for the first deal (R4) in words: each round's two cards, then who deals. */
export function cutText(state) {
  const cut = state.cut;
  if (!cut || !cut.rounds || !cut.rounds.length || cut.rounds[0].length !== 2) return null; // two cut
  const names = [seatName(state, 0), seatName(state, 1)];
  const rounds = cut.rounds.map(([card0, card1]) => t("log.cut_round", { name0: names[0], card0: cardText(card0), name1: names[1], card1: cardText(card1) }));
  let dealer = t("log.cut_dealer", { name: names[cut.low] });
  if (cut.first_dealer === "high_cut_chooses") {
    const high = names[cut.high];
    if (cut.high_cut_deals === null || cut.high_cut_deals === undefined) dealer = t("log.cut_high_chooses", { name: high });
    else dealer = t(cut.high_cut_deals ? "log.cut_high_deals" : "log.cut_high_lets", { name: high, other: names[1 - cut.high] });
  }
  return t("log.cut", { text: `${rounds.join("; ")}; ${dealer}` });
}

const VOID_REASONS = [
  ["R21", "void.R21"],
  ["R22", "void.R22"],
  ["R36", "void.R36"],
  ["the discard pile was drawn from too often", "void.pile_cap"],
  ["the same card was taken and thrown back", "void.returned"],
];

export function voidReason(reason) {
  for (const [start, key] of VOID_REASONS) if (reason && reason.startsWith(start)) return t(key);
  return t("void.unknown", { reason: reason || "" });
}

export function outcomeName(outcome) {
  return t(`outcome.${outcome}`);
}

/** A hand's score line by line, as the terminal game writes it (ginrummy.terminal.screen.result_lines). */
export function resultLines(result, names, layoffs = [], boxBonus = 0) {
  if (!result) return [];
  if (result.outcome === "void") return [t("result.void", { reason: voidReason(result.void_reason) })];
  const knocker = names[result.knocker];
  const defender = names[1 - result.knocker];
  const lines = [];
  if (result.outcome === "big_gin") lines.push(t("result.knocker_big_gin", { name: knocker }));
  else if (result.outcome === "gin") lines.push(t("result.knocker_gin", { name: knocker }));
  else lines.push(t("result.knocker", { name: knocker, count: result.knocker_deadwood }));
  if (layoffs.length) {
    lines.push(t("result.defender_layoffs", { name: defender, count: result.defender_deadwood, cards: cardsText(layoffs) }));
  } else {
    lines.push(t("result.defender", { name: defender, count: result.defender_deadwood }));
  }
  lines.push(t("result.outcome", { outcome: outcomeName(result.outcome) }));
  if (result.winner === null || result.winner === undefined) {
    lines.push(t("result.tie"));
    return lines;
  }
  if (!result.bonus && result.multiplier === 1) {
    lines.push(t("result.points_difference", { name: names[result.winner], points: result.points }));
  } else {
    const parts = [t("result.part.difference", { value: result.difference })];
    if (result.bonus) parts.push(t("result.part.bonus", { outcome: outcomeName(result.outcome), value: result.bonus }));
    let sum = parts.join(" + ");
    if (result.multiplier !== 1) sum = t("result.multiplied", { sum, multiplier: result.multiplier });
    lines.push(t("result.points", { name: names[result.winner], sum, points: result.points }));
  }
  if (boxBonus) lines.push(t("result.box", { name: names[result.winner], bonus: boxBonus }));
  if (result.extra_boxes) lines.push(tp("result.extra_boxes", result.extra_boxes, { name: names[result.winner] }));
  return lines;
}

/** The settlement's lines with labels in the reader's language (ginrummy.terminal.screen.settlement_label). */
export function settlementRows(settlement, rules) {
  const rows = [];
  for (const line of settlement.lines || []) {
    const label = line.label;
    const zero = line.values.every((v) => !v);
    if (zero && ((label.startsWith("boxes") && !rules.box_bonus) || (label.startsWith("game bonus") && !rules.game_bonus))) continue;
    let text = label;
    if (label.startsWith("hand points")) text = t("settle.hand_points");
    else if (label.startsWith("boxes (rounds")) text = t("multi.settle.rounds_won", { bonus: rules.box_bonus });
    else if (label.startsWith("boxes")) text = t("settle.boxes", { bonus: rules.box_bonus });
    else if (label.startsWith("extra boxes")) text = t("settle.extra_boxes", { bonus: rules.box_bonus });
    else if (label.startsWith("game bonus")) text = t("settle.game_bonus");
    else if (label.startsWith("shutout")) text = t(rules.shutout_rule === "double_bonus" ? "settle.shutout_bonus" : "settle.shutout_all");
    else if (label.startsWith("final total")) text = t("settle.final");
    rows.push({ label: text, values: line.values, total: label.startsWith("final total") });
  }
  return rows;
}

/** The winner and the payment under the settlement (ginrummy.terminal.screen.settlement_lines). */
export function settlementWords(settlement, rules, names) {
  const lines = [];
  if (settlement.end_reason === null || settlement.end_reason === undefined) lines.push(t("settle.in_progress"));
  else if (settlement.winner === null || settlement.winner === undefined) lines.push(t("settle.no_winner", { reason: t(`end.${settlement.end_reason}`) }));
  else if (settlement.forfeit === "left") lines.push(t("over.reason.forfeit_left", { name: names[settlement.winner] })); // adjourned.js
  else if (has(`over.reason.${settlement.end_reason}`)) lines.push(t(`over.reason.${settlement.end_reason}`, { name: names[settlement.winner] }));
  else lines.push(t("settle.winner", { name: names[settlement.winner], reason: t(`end.${settlement.end_reason}`) }));
  const stake = rules.stake_per_point;
  if (settlement.payer === null || settlement.payer === undefined) lines.push(t("settle.margin_none"));
  else if (!stake) lines.push(t("settle.margin", { margin: settlement.margin }));
  else lines.push(t("settle.payment", { margin: settlement.margin, payer: names[settlement.payer], payee: names[1 - settlement.payer], stake, payment: settlement.payment }));
  return lines;
}

/** A rules option's value in words. */
export function optionValue(rules, name) {
  const value = rules[name];
  if (typeof value === "boolean") return value ? t("value.on") : t("value.off");
  if (value === null || value === undefined) return name === "max_hands" || name === "time_limit_minutes" ? t("value.no_limit") : t("value.none");
  if (["dealer_rule", "shutout_rule", "first_dealer", "fiftieth_card_action"].includes(name)) return t(`${name}.${value}`);
  if (name === "knock_limit" && rules.oklahoma) return t("option.knock_limit_oklahoma");
  return String(value);
}

/** The rules in a few sentences (`withPreset`: starting with the preset's description). */
// teamTarget: a team game's target (R34), which takes the place of the hands' target
export function rulesSummary(rules, withPreset = true, teamTarget = null) {
  const lines = [];
  const preset = `preset.${rules.name}`;
  if (withPreset && has(preset)) lines.push(t(preset));
  if (rules.oklahoma) lines.push(t("rules.summary.limit_oklahoma"));
  else if (rules.knock_limit === 0) lines.push(t("rules.summary.gin_only"));
  else lines.push(t("rules.summary.limit", { limit: rules.knock_limit }));
  lines.push(t("rules.summary.bonuses", { gin: rules.gin_bonus, undercut: rules.undercut_bonus }));
  lines.push(teamTarget ? t("new.summary.teams", { target: teamTarget }) : t("rules.summary.target", { target: rules.target }));
  if (rules.box_bonus) lines.push(t("rules.summary.boxes", { bonus: rules.box_bonus }));
  if (rules.game_bonus) lines.push(t("rules.summary.game_bonus", { bonus: rules.game_bonus }));
  for (const name of ["spade_double", "ace_upcard_gin_only", "extra_boxes", "eleven_card_deal", "allow_discard_of_drawn_upcard", "big_gin", "knocker_may_hide_melds"]) {
    if (rules[name]) lines.push(`${capitalise(t(`option.${name}`))}.`);
  }
  for (const [name, usual] of [["fiftieth_card_action", "off"], ["first_dealer", "low_cut_deals"]]) {
    if (rules[name] && rules[name] !== usual) lines.push(`${capitalise(t(`option.${name}`))}: ${t(`${name}.${rules[name]}`)}.`);
  }
  if (rules.max_hands) lines.push(`${capitalise(t("option.max_hands"))}: ${rules.max_hands}.`);
  if (rules.time_limit_minutes) lines.push(`${capitalise(t("option.time_limit_minutes"))}: ${rules.time_limit_minutes}.`);
  if (rules.limit_awards_game_bonus && rules.game_bonus && (rules.max_hands || rules.time_limit_minutes)) lines.push(`${capitalise(t("option.limit_awards_game_bonus"))}.`);
  if (rules.stake_per_point) lines.push(t("rules.summary.stake", { stake: rules.stake_per_point }));
  return lines;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
