// The move log of the table screen: the lines of a hand's history after a snapshot, and each
// event as it comes (the hand shown's moves, its table's deals, who is ready, idle or back).
import { cutText, handWasGin, historyLines, moveText, seatName } from "./describe.js";
import { t } from "./i18n.js";
import { handScene, handSeatOf } from "./handscene.js";
import { notify } from "./notices.js";

/** An event as the scene's hand sees it (seat: the hand seat), or null if it is not about
 * that hand's table. */
export function sceneEvent(event, state) {
  if (!event || !state) return null;
  const scene = handScene(state);
  if (event.table !== scene.table || event.table === null || event.table === undefined) return null;
  if (event.seat === null || event.seat === undefined) return event;
  const seat = handSeatOf(scene, event.seat);
  return seat === null ? null : { ...event, seat };
}

/** Who dealt the hand shown: three players, the one sitting out; else its table's dealer. */
function dealerName(state) {
  const scene = handScene(state);
  if (state.mode === "three") return seatName(state, state.dealer);
  return scene.dealer === null || scene.dealer === undefined ? "?" : seatName(state, scene.places[scene.dealer]);
}

/**
 * The log after a snapshot: the lines of its hand's history. If the snapshot is of the hand
 * already shown (a reconnection), the lines seen live are kept (they name the cards drawn)
 * and only the moves missed are added.
 */
export function snapshotLog(ctl, full, previousFull = null) {
  const state = handScene(full);
  const previous = previousFull && handScene(previousFull);
  const history = historyLines(state);
  const played = ctl.log.filter((line) => line.play).length;
  if (previous && previous.hand_number === state.hand_number && ctl.log.length && played <= history.length) {
    return ctl.log.concat(history.slice(played).map((line) => ({ ...line, play: true })));
  }
  const lines = [];
  if (state.view && state.hand_number === 1 && state.cut) lines.push({ seat: null, text: () => cutText(state) });
  const dealer = () => dealerName(full);
  if (state.view && state.hand_number) lines.push({ seat: null, head: true, text: () => t("log.deal", { number: state.hand_number, name: dealer() }) });
  if (state.view && state.you === null && full.you !== null && full.you !== undefined) {
    lines.unshift({ seat: null, text: () => t("multi.log.watching_table") });
  }
  const resigned = full.stage === "over" && full.settlement ? full.settlement.resigned : undefined;
  const ending = [];
  if (resigned !== undefined && resigned !== null) { // the game's last line, as it was said live
    const key = `log.resign${resigned === full.you ? "_you" : ""}`;
    ending.push({ seat: handSeatOf(state, resigned), text: () => t(key, { name: seatName(full, resigned) }) });
  }
  return lines.concat(history.map((line) => ({ ...line, play: true })), ending);
}

/** An event in the log: the moves of the hand shown (a table's, at a table game), the deals
 * of its table, and who is ready, idle or back. */
export function logEvent(ctl, fullEvent, beforeFull, afterFull) {
  const after = handScene(afterFull);
  const name = (place) => seatName(afterFull, place);
  const seat = handSeatOf(after, fullEvent.seat);
  if (fullEvent.kind === "deal") {
    if (fullEvent.table !== after.table) return;
    const dealer = dealerName(afterFull);
    ctl.log = [{ seat: null, head: true, text: () => (afterFull.mode === "teams"
      ? t("multi.log.deal_table", { number: after.hand_number, table: after.table + 1, name: dealer })
      : t("log.deal", { number: after.hand_number, name: dealer })) }];
    if (after.hand_number === 1 && cutText(after)) ctl.log.unshift({ seat: null, text: () => cutText(after) });
    ctl.order = [];
    return;
  }
  if (fullEvent.kind === "ready") {
    const info = afterFull.seats[fullEvent.seat];
    const people = afterFull.seats.filter((other) => other.kind === "human").length > 1;
    if (info && info.kind === "human" && people) ctl.log.push({ seat, text: () => t("log.ready", { name: name(fullEvent.seat) }) });
    return;
  }
  if (fullEvent.kind === "idle" || fullEvent.kind === "back" || fullEvent.kind === "timeout" || fullEvent.kind === "forfeit"
    || fullEvent.kind === "resign") {
    const key = `log.${fullEvent.kind}${fullEvent.seat === afterFull.you ? "_you" : ""}`;
    ctl.log.push({ seat, text: () => t(key, { name: name(fullEvent.seat) }) });
    notify(t(key, { name: name(fullEvent.seat) }), "warning");
    return;
  }
  if (fullEvent.kind === "time_up") {
    ctl.log.push({ seat: null, text: () => t("log.time_up") });
    return;
  }
  if (fullEvent.kind === "choose") return; // the cut's line, logged with the first deal, says it
  const event = sceneEvent(fullEvent, beforeFull);
  if (event && beforeFull) logPlay(ctl, event, handScene(beforeFull), after);
}

function logPlay(ctl, event, before, after) {
  const me = after.you;
  if (event.kind !== "play" || !event.action) return;
  let card = null;
  const pileBefore = before && before.view ? before.view.pile : [];
  if (event.action === "take") card = pileBefore[pileBefore.length - 1] || null;
  if (event.action === "stock" && event.seat === me && before && before.view && after.view && after.view.hand) {
    const had = new Set(before.view.hand || []);
    card = after.view.hand.find((name) => !had.has(name)) || null;
    ctl.fresh = card; // shown lit for a moment: the card just drawn
    ctl.freshUntil = Date.now() + 1500;
  }
  // a knock is a gin when the knocker's deadwood is 0: mine is known now, the other's once laid out
  const hand = after.hand_number;
  const mineGin = event.action.startsWith("knock ") && event.seat === me && before && before.view && before.view.arrangement
    && (before.view.arrangement.discards || {})[event.action.slice(6)] === 0;
  const gin = () => mineGin || (event.action.startsWith("knock") && handWasGin(ctl.shown, hand));
  ctl.log.push({ seat: event.seat, text: () => moveText(event.action, event.seat, me, seatName(after, event.seat), card, gin()), play: true });
  // a screen reader hears each move once, as it happens (not the whole log at each redraw)
  const text = moveText(event.action, event.seat, me, seatName(after, event.seat), card, gin());
  ctl.lastMove = { text, mine: event.seat === me };
  const announce = document.getElementById("announce");
  if (announce) announce.textContent = text;
  if (ctl.log.length > 200) ctl.log.splice(1, ctl.log.length - 200);
}
