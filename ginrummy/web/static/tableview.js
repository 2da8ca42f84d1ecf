// Drawing the table from the server's state: the felt, both seats, stock and pile, the panel of
// what to do now, the score and the move log. Nothing here decides a rule: it shows `view.legal`.
import { seedBox } from "./seedbox.js";
import { resignBox } from "./resign.js";
import { resignedLine } from "./resignrules.js";
import { statusKey, touchNow } from "./attention.js";
import { byRank, bySuit, cardBack, cardFace, cardRow, cardValue, meldOrder, suitOf } from "./cards.js";
import { choosingDealer, cutChoicePanel } from "./cutchoice.js";
import { resultLines, seatName, settlementWords } from "./describe.js";
import { h } from "./dom.js";
import { tell } from "./flight.js";
import { enableDrag } from "./handdrag.js";
import { cardSpoken, cardText, cardsText, t, theCard, tp } from "./i18n.js";
import { chatBox } from "./chatbox.js";
import { lobbyPlaces } from "./lobbyseats.js";
import { ratingChanges } from "./ratingchange.js";
import { keysBox, logBox, openScores, rulesBox, scoreBox, settlementTable, shareBox } from "./sidepanel.js";
import { notifyToggle } from "./tablenews.js";
import { button, copyRow, tournamentLink } from "./widgets.js";

// ------------------------------------------------------------ what each seat shows

/** The cards a seat has put on the table: its melds and, for the defender, its layoffs. */
function laidOut(view, seat) {
  const cards = new Set((view.melds[seat] || []).flat());
  if (view.knocker >= 0 && seat !== view.knocker) for (const card of view.layoffs || []) cards.add(card);
  return cards;
}

/** A seat's cards still in hand, as this reader may see them: faces, and a number of backs. */
function seatCards(view, seat) {
  const laid = laidOut(view, seat);
  let full;
  let count;
  let known;
  if (view.seat === null || view.seat === undefined) {
    full = view.hands ? view.hands[seat] : null;
    count = view.hand_counts ? view.hand_counts[seat] : 0;
    known = view.known ? view.known[seat] : [];
  } else if (seat === view.seat) {
    full = view.hand;
    count = full.length;
    known = [];
  } else {
    full = view.opponent_hand;
    count = view.opponent_count;
    known = view.opponent_known || [];
  }
  if (full) return { faces: full.filter((card) => !laid.has(card)), backs: 0, known: new Set() };
  const knownFree = known.filter((card) => !laid.has(card));
  return { faces: knownFree, backs: Math.max(0, count - laid.size - knownFree.length), known: new Set(knownFree) };
}

/** My free cards in the order chosen: by melds (grouped), rank, suit, or my own (dragged). */
function orderedHand(ctl, free) {
  const view = ctl.shown.view;
  const arrangement = view.arrangement || { melds: [], unmatched: [] };
  const group = new Map();
  arrangement.melds.forEach((meld, index) => meld.forEach((card) => group.set(card, index)));
  let order;
  if (ctl.sortMode === "rank") order = [...free].sort(byRank);
  else if (ctl.sortMode === "suit") order = [...free].sort(bySuit);
  else if (ctl.sortMode === "custom") {
    const present = new Set(free);
    order = ctl.order.filter((card) => present.has(card));
    const placed = new Set(order);
    order = order.concat(free.filter((card) => !placed.has(card)).sort(byRank));
  } else {
    order = arrangement.melds.flatMap((meld) => meldOrder(meld));
    const placed = new Set(order);
    order = order.concat(free.filter((card) => !placed.has(card)).sort(byRank));
  }
  ctl.order = order;
  return { order, group };
}

// ------------------------------------------------------------ the whole screen

export function renderTable(ctl) {
  const state = ctl.shown;
  const view = state.view;
  const bottom = state.you ?? 0;
  const top = 1 - bottom;
  // between hands the result panel names both players and their totals: the seats give it their room
  const between = state.stage === "between_hands" || state.stage === "over";
  const felt = h("section", { class: ["felt", `stage-${state.stage}`], "aria-labelledby": "table-title" },
    h("h1", { class: "sr-only", id: "table-title" }, t("table.title", { name0: seatName(state, bottom), name1: seatName(state, top) })),
    between ? null : seatArea(ctl, top, "top"),
    // the stock and the pile matter until someone knocks; then the room goes to the melds
    view && state.stage === "hand" && !["knocker_melds", "defender"].includes(view.phase) ? middle(ctl) : null,
    view && state.stage === "hand" ? meldsArea(ctl) : null,
    panel(ctl),
    between ? null : seatArea(ctl, bottom, "bottom"),
    ctl.watchers && ctl.mode === "play" ? h("p", { class: "watchers" }, tp("table.watchers", ctl.watchers)) : null);
  const side = h("aside", { class: "side" }, scoreBox(ctl, notifyToggle(ctl)), resignBox(ctl), chatBox(ctl), logBox(ctl), seedBox(ctl), rulesBox(ctl), shareBox(ctl), keysBox(ctl));
  const screen = h("div", { class: ["table-screen", `mode-${ctl.mode}`, ctl.readOnly ? "read-only" : null, ctl.pending ? "busy" : null, ctl.knockMode ? "knock-mode" : null] },
    ctl.replayBar || null, felt, side);
  ctl.root.replaceChildren(screen);
  fitHand(ctl.root);
  requestAnimationFrame(() => fitHand(ctl.root));  // again once the new cards are laid out
  const log = ctl.root.querySelector(".log .log-scroll");
  if (log) log.scrollTop = log.scrollHeight;
}

/** Overlap the hand's cards just enough to fit its width (phones). */
export function fitHand(root) {
  for (const hand of root.querySelectorAll(".fit")) {
    const cards = hand.querySelectorAll(".card");
    if (cards.length < 2) continue;
    const style = getComputedStyle(hand);
    const width = hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const cardWidth = cards[0].offsetWidth;
    const gaps = hand.querySelectorAll(".card.gap").length;
    // The margins of style.css: 6px between cards, 22px before the first card of a group.
    const natural = cards.length * cardWidth + (cards.length - 1) * 6 + gaps * 16;
    let overlap = natural > width ? Math.ceil((natural - width) / (cards.length - 1)) + 1 : 0;
    const most = cardWidth * 0.7;
    hand.style.setProperty("--overlap", `${Math.min(overlap, most)}px`);
    // Measured, not estimated: a card's class (a meld's mark, a gap) can change the widths.
    const last = cards[cards.length - 1].getBoundingClientRect().right;
    const excess = last - (hand.getBoundingClientRect().right - parseFloat(style.paddingRight));
    if (excess > 0 && overlap < most) {
      overlap += Math.ceil(excess / (cards.length - 1)) + 1;
      hand.style.setProperty("--overlap", `${Math.min(overlap, most)}px`);
    }
  }
}

window.addEventListener("resize", () => fitHand(document));

// ------------------------------------------------------------ seats

function seatHead(ctl, seat) {
  const state = ctl.shown;
  const info = state.seats[seat] || { name: "?" };
  const me = seat === state.you;
  const name = me ? t("table.you", { name: seatName(state, seat) }) : seatName(state, seat);
  const toAct = state.stage === "hand" && ctl.turn === seat;
  return h("div", { class: ["seat-head", toAct ? "to-act" : null] },
    h("span", { class: ["presence", info.connected || info.kind === "computer" ? "on" : "off"], title: info.connected || info.kind === "computer" ? "" : t("table.offline", { name: seatName(state, seat) }) }),
    h("span", { class: "name" }, name),
    info.kind === "human" && !info.connected && !me && state.stage !== "waiting" ? h("span", { class: "badge away" }, t("table.disconnected")) : null,
    state.view && state.view.dealer === seat && state.stage === "hand" ? h("span", { class: "badge" }, t("table.dealer")) : null,
    h("span", { class: "points", "aria-label": `${seatName(state, seat)}: ${state.totals[seat]}` }, String(state.totals[seat])));
}

export function seatArea(ctl, seat, where) {
  const state = ctl.shown;
  const view = state.view;
  const mine = seat === state.you && !ctl.readOnly;
  const head = seatHead(ctl, seat);
  if (!view) return h("div", { class: ["seat", where] }, head);
  if (mine && state.stage === "hand") return h("div", { class: ["seat", where, "me"] }, myHand(ctl), handTools(ctl), head);
  if (state.stage !== "hand") return h("div", { class: ["seat", where] }, head); // the result panel shows both hands
  const shown = seatCards(view, seat);
  const cards = h("div", { class: ["seat-cards", "fit", where === "top" ? "fan" : null], dataset: { seat } },
    Array.from({ length: shown.backs }, () => cardBack()),
    shown.faces.sort(byRank).map((card) => cardFace(card, { classes: shown.known.has(card) ? ["known"] : [], attrs: shown.known.has(card) ? { title: t("table.known") } : {} })));
  const label = h("span", { class: "muted count" }, tp("table.hand_cards", shown.backs + shown.faces.length));
  return where === "top"
    ? h("div", { class: ["seat", where] }, head, cards, label)
    : h("div", { class: ["seat", where] }, cards, head);
}

function myHand(ctl) {
  const view = ctl.shown.view;
  const laid = laidOut(view, view.seat);
  const free = view.hand.filter((card) => !laid.has(card));
  const { order, group } = orderedHand(ctl, free);
  const discards = (view.arrangement && view.arrangement.discards) || {};
  const hinted = ctl.hint && ctl.hint.action ? ctl.hint.action.split(" ").slice(1) : [];
  const focus = order.includes(ctl.focusName) ? ctl.focusName : order[0];
  let previousGroup = null;
  const cards = order.map((card, index) => {
    const action = ctl.cardAction(card);
    const meld = group.has(card) ? group.get(card) : null;
    const gap = ctl.sortMode === "melds" && index > 0 && meld !== previousGroup;
    previousGroup = meld;
    const classes = [
      meld !== null ? `meld m${meld % 4}` : "loose",
      action ? "playable" : null,
      gap ? "gap" : null,
      ctl.knockMode && action ? "knockable" : null,
      action && action.startsWith("layoff ") ? "layoffable" : null,
      card === ctl.fresh && Date.now() < (ctl.freshUntil || 0) ? "fresh" : null,
      hinted.includes(card) ? "hinted" : null,
    ];
    const deadwood = discards[card];
    const title = deadwood !== undefined && action ? `${cardText(card)}: ${t("knock.deadwood", { count: deadwood })}` : null;
    const el = cardFace(card, {
      tag: "button",
      classes,
      attrs: { tabindex: card === focus ? "0" : "-1", title, "aria-disabled": action ? null : "true", dataset: action ? { action } : null },
    });
    if (action) el.dataset.action = action;
    if (ctl.knockMode && action && deadwood !== undefined) el.append(h("span", { class: "tag", "aria-hidden": "true" }, String(deadwood)));
    el.addEventListener("focus", () => {
      ctl.focusName = card;
      for (const other of el.parentElement.querySelectorAll(".card")) other.tabIndex = other === el ? 0 : -1;
    });
    return el;
  });
  const hand = h("div", { class: "my-hand fit", role: "group", "aria-label": t("table.your_hand"), dataset: { seat: view.seat } }, cards);
  enableDrag(hand, {
    onDrop: (name, index) => ctl.reorder(name, index, order),
    onClick: (name) => ctl.clickCard(name),
  });
  return hand;
}

function handTools(ctl) {
  const view = ctl.shown.view;
  const arrangement = view.arrangement || {};
  const sortButton = (mode, key) => h("button", {
    type: "button", class: "btn small", "aria-pressed": String(ctl.sortMode === mode),
    onclick: () => ctl.setSort(mode),
  }, t(`table.sort.${mode}`), h("kbd", {}, key));
  const deadwood = arrangement.deadwood_after_discard !== null && arrangement.deadwood_after_discard !== undefined
    ? t("table.deadwood_after", { count: arrangement.deadwood_after_discard })
    : t("table.deadwood", { count: arrangement.deadwood ?? "?" });
  return h("div", { class: "hand-tools" },
    h("span", { class: "sort" }, h("span", { class: "muted" }, t("table.sort")), sortButton("melds", "1"), sortButton("rank", "2"), sortButton("suit", "3")),
    h("span", { class: "deadwood", "aria-live": "polite" }, deadwood),
    h("span", { class: "muted drag-note" }, t("table.drag")));
}

// ------------------------------------------------------------ stock, pile, limit

export function middle(ctl) {
  const state = ctl.shown;
  const view = state.view;
  const rules = state.rules;
  const canStock = ctl.can("stock");
  const canTake = ctl.can("take");
  const stock = h("button", {
    type: "button", class: ["stock", canStock ? "playable" : null, ctl.hint && ctl.hint.action === "stock" ? "hinted" : null], disabled: !canStock,
    onclick: () => ctl.play("stock"),
  }, view.stock_size ? cardBack({ classes: ["stock-card"], attrs: { "aria-hidden": "true" } }) : h("div", { class: "card empty" }),
  h("span", { class: "caption" }, t("table.stock"), " · ", tp("table.stock_count", view.stock_size)));
  const pileCards = view.pile.slice(-3);
  const top = view.pile[view.pile.length - 1];
  const pile = h("button", {
    type: "button", class: ["pile", canTake ? "playable" : null], disabled: !canTake,
    onclick: () => ctl.play("take"),
  }, h("div", { class: "pile-stack", "aria-hidden": "true" },
    pileCards.length ? pileCards.map((card, index) => cardFace(card, { classes: [index === pileCards.length - 1 ? "pile-top" : "under", ctl.hint && ctl.hint.action === "take" && index === pileCards.length - 1 ? "hinted" : null] })) : h("div", { class: "card empty pile-top" })),
  h("span", { class: "caption" }, t("table.pile"), h("span", { class: "sr-only" }, `: ${top ? `${cardText(top)}, ${cardSpoken(top)}` : t("table.pile_empty")}`)));
  const numbered = state.mode === "teams" ? "multi.round_number" : "table.hand_number";
  const info = [h("span", { class: "hand-no" }, t(numbered, { number: state.hand_number }))];
  if (rules.oklahoma && view.upcard) {
    info.push(h("span", { class: "limit" }, t("table.upcard_limit", { card: cardText(view.upcard), limit: view.knock_limit })));
    if (rules.spade_double && suitOf(view.upcard) === "S") info.push(h("span", { class: "limit double" }, t("table.spade_double")));
  } else if (view.knock_limit === 0) {
    info.push(h("span", { class: "limit" }, t("table.gin_only")));
  } else {
    info.push(h("span", { class: "limit" }, t("table.knock_limit", { limit: view.knock_limit })));
  }
  info.push(h("span", { class: "muted" }, t("score.target", { target: rules.target })));
  return h("div", { class: "middle" }, h("div", { class: "deck" }, stock, pile), h("div", { class: "info" }, info));
}

function meldGroups(melds) {
  return h("div", { class: "meld-groups" }, (melds || []).map((meld) => cardRow(meldOrder(meld), ["meld-row"])));
}

export function meldsArea(ctl) {
  const state = ctl.shown;
  const view = state.view;
  if (view.knocker < 0) return null;
  const rows = [];
  for (const seat of [view.knocker, 1 - view.knocker]) {
    if (!(view.melds[seat] || []).length) continue;
    rows.push(h("div", { class: "melds-of" }, h("span", { class: "label" }, t("table.melds", { name: seatName(state, seat) })), meldGroups(view.melds[seat])));
  }
  if ((view.layoffs || []).length) {
    rows.push(h("div", { class: "melds-of" }, h("span", { class: "label" }, t("table.layoffs", { name: seatName(state, 1 - view.knocker) })), cardRow(view.layoffs)));
  }
  return rows.length ? h("div", { class: "melds-area" }, rows) : null;
}

// ------------------------------------------------------------ the panel: what to do now

/** Why Knock (or Gin) is off now, in words; null when it is on or the question does not arise. */
function whyOff(ctl, gin) {
  const view = ctl.shown.view;
  if (!ctl.myTurn) return t("why.not_your_turn");
  if (view.phase === "first_upcard" || view.phase === "draw" || view.phase === "wall") return t("why.draw_first");
  const after = view.arrangement && view.arrangement.deadwood_after_discard;
  if (after === null || after === undefined) return null;
  if (gin) return t("why.gin", { count: after });
  if (view.knock_limit === 0) return t("why.gin_only");
  return t("why.knock", { count: after, limit: view.knock_limit });
}

/** "The computer takes their place in 2:41": the server's idle timer for `seat`, ticking. */
function countdown(ctl, seat) {
  const idle = ctl.idle;
  if (!idle || idle.seat !== seat) return null;
  const el = h("span", { class: "countdown" });
  const tick = () => {
    if (!el.isConnected && el.dataset.started) return;
    el.dataset.started = "1";
    const left = Math.max(0, Math.ceil((idle.at - Date.now()) / 1000));
    el.textContent = t("status.stand_in_in", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
    if (left > 0) setTimeout(tick, 1000 - (Date.now() % 1000 || 0));
  };
  tick();
  return el;
}

/** While the computer plays for me (I was idle, PROTOCOL.md "Idle players"): say so, offer to play again. */
function standInPanel(ctl) {
  return h("div", { class: "panel status-panel stand-in" },
    h("p", { class: "status", "aria-live": "polite" }, t("idle.you")),
    button(t("btn.back"), { onclick: () => ctl.back(), primary: true, disabled: !!ctl.pending, name: "back" }));
}

/** The panel of the position shown; its status line tells the move still flying, if any. */
export function panel(ctl) {
  const drawn = positionPanel(ctl);
  tell(ctl, drawn);
  return drawn;
}

function positionPanel(ctl) {
  const state = ctl.shown;
  const me = state.you === null || state.you === undefined ? null : state.seats[state.you];
  if (me && me.stand_in && !ctl.readOnly && state.stage !== "over") return standInPanel(ctl);
  if (state.stage === "waiting") return choosingDealer(state) ? cutChoicePanel(ctl, invitePanel) : invitePanel(ctl);
  if (state.stage === "between_hands" || state.stage === "over") return resultPanel(ctl);
  if (!state.view) return h("div", { class: "panel status-panel" }, h("p", { class: "status" }, t("app.loading")));
  if (ctl.readOnly) {
    const turn = ctl.turn === null ? null : t("status.wait", { name: seatName(state, ctl.turn) });
    return h("div", { class: "panel status-panel" },
      ctl.mode === "watch" ? h("p", { class: "muted" }, t("table.watching")) : null,
      turn ? h("p", { class: "status" }, turn) : null);
  }
  const view = state.view;
  const other = seatName(state, 1 - state.you);
  if (!ctl.myTurn) {
    const friend = state.seats[1 - state.you] || {};
    const away = friend.kind === "human" && !friend.connected && !friend.stand_in;
    return h("div", { class: "panel status-panel" },
      away
        ? h("p", { class: "status away" }, t("status.friend_away", { name: other }), " ", countdown(ctl, 1 - state.you))
        : h("p", { class: "status", "aria-live": "polite" }, h("span", { class: "thinking" }), friend.kind === "computer" ? t("status.wait", { name: other }) : t("status.wait_friend", { name: other })),
      playButtons(ctl));
  }
  if (view.phase === "knocker_melds") return layoutPanel(ctl);
  if (view.phase === "defender") return defendPanel(ctl);
  const top = view.pile[view.pile.length - 1];
  // on a touch screen the status names no key (its `.touch` wording)
  const touch = touchNow();
  const say = (key, params = {}) => t(statusKey(key, touch), params);
  let status;
  if (ctl.knockMode && ctl.legal.every((action) => action.startsWith("knock "))) status = t("status.wall_knock");
  else if (ctl.knockMode) status = say("status.knock_choose");
  else if (view.phase === "first_upcard") status = say("status.first_upcard", { card: cardText(top) });
  else if (view.phase === "wall") status = say("status.wall", { the_card: theCard(top) });
  else if (view.phase === "draw") status = ctl.legal.includes("take") ? say("status.draw", { the_card: theCard(top) }) : say("status.draw_stock_only");
  else if (ctl.ginAction()) status = say("status.discard_gin");
  else if (ctl.knockActions().length) status = say("status.discard_knock");
  else status = say("status.discard");
  return h("div", { class: "panel status-panel your-turn" },
    h("p", { class: "status", "aria-live": "polite" }, status),
    playButtons(ctl),
    hintBox(ctl));
}

function playButtons(ctl) {
  const view = ctl.shown.view;
  const legal = ctl.legal;
  const buttons = [];
  if (legal.includes("pass") || view.phase === "first_upcard" || view.phase === "wall") {
    buttons.push(button(t("btn.take"), { onclick: () => ctl.play("take"), disabled: !ctl.can("take"), primary: true, key: t("key.take"), name: "take" }));
    buttons.push(button(t("btn.pass"), { onclick: () => ctl.play("pass"), disabled: !ctl.can("pass"), key: t("key.pass"), name: "pass" }));
  } else if (view.phase === "draw") {
    buttons.push(button(t("btn.stock"), { onclick: () => ctl.play("stock"), disabled: !ctl.can("stock"), primary: true, key: t("key.stock"), name: "stock" }));
    buttons.push(button(t("btn.take"), { onclick: () => ctl.play("take"), disabled: !ctl.can("take"), key: t("key.take"), name: "take" }));
  }
  const knocks = ctl.knockActions();
  const gin = ctl.ginAction();
  if (ctl.knockMode) {
    buttons.push(button(t("btn.cancel"), { onclick: () => ctl.setKnockMode(false), key: "Esc", name: "cancel" }));
  } else {
    const limit = view.knock_limit;
    // a phone's row has no room for the limit: the middle shows it ("Knock limit 10")
    const label = limit > 0
      ? [h("span", { class: "wide-label" }, t("btn.knock_limit", { limit })), h("span", { class: "narrow-label" }, t("btn.knock"))]
      : t("btn.knock");
    buttons.push(button(label, {
      onclick: () => ctl.setKnockMode(true), disabled: Boolean(ctl.pending) || !knocks.length, key: "K", name: "knock",
      why: !knocks.length ? whyOff(ctl, false) : null,
    }));
  }
  buttons.push(button(t("btn.gin"), { onclick: () => gin && ctl.play(gin), disabled: Boolean(ctl.pending) || !gin, primary: Boolean(gin), key: "G", name: "gin", why: !gin ? whyOff(ctl, true) : null }));
  if (ctl.shown.rules.big_gin) buttons.push(button(t("btn.big_gin"), { onclick: () => ctl.play("big gin"), disabled: !ctl.can("big gin"), primary: ctl.can("big gin"), key: "B", name: "big-gin" }));
  buttons.push(button(t("btn.hint"), { onclick: () => ctl.askHint(), disabled: !ctl.myTurn || Boolean(ctl.pending), key: "H", name: "hint" }));
  return h("div", { class: "buttons" }, buttons);
}

function hintBox(ctl) {
  if (!ctl.hint) return null;
  if (ctl.hint.loading) return h("div", { class: "hint", role: "status" }, t("hint.loading"));
  return h("div", { class: "hint", role: "status" }, (ctl.hint.lines || []).map((line) => h("p", {}, line)));
}

function layoutPanel(ctl) {
  const view = ctl.shown.view;
  const options = view.layouts || [];
  if (ctl.layoutChoice >= options.length) ctl.layoutChoice = 0;
  const list = h("div", { class: "layouts", role: "radiogroup", "aria-label": t("layout.title") },
    options.map((option, index) => h("label", { class: ["layout", index === ctl.layoutChoice ? "chosen" : null] },
      h("input", { type: "radio", name: "layout", value: index, checked: index === ctl.layoutChoice, onchange: () => { ctl.layoutChoice = index; ctl.render(); } }),
      h("span", { class: "layout-cards" },
        meldGroups(option.melds),
        option.unmatched.length ? cardRow([...option.unmatched].sort(byRank), ["unmatched"]) : null),
      h("span", { class: "layout-words" },
        index === 0 ? h("span", { class: "badge best" }, t("layout.best")) : null,
        option.deadwood === 0 ? t("layout.gin") : t("layout.option", { deadwood: option.deadwood }),
        option.layable !== null && option.layable !== undefined && option.deadwood > 0 ? h("span", { class: "muted" }, " · ", tp("layout.layable", option.layable)) : null))));
  const chosen = options[ctl.layoutChoice];
  return h("div", { class: "panel status-panel your-turn layout-panel" },
    h("p", { class: "status" }, t("layout.title")),
    options.length > 1 ? h("p", { class: "muted" }, t("layout.intro")) : null,
    list,
    h("div", { class: "buttons" },
      button(t("btn.lay_out"), { onclick: () => chosen && ctl.playPlan(chosen.actions), disabled: !chosen || Boolean(ctl.pending) || ctl.plan.length > 0, primary: true, key: "Enter", name: "lay-out" }),
      button(t("btn.hint"), { onclick: () => ctl.askHint(), disabled: Boolean(ctl.pending), key: "H", name: "hint" })),
    hintBox(ctl));
}

function defendPanel(ctl) {
  const state = ctl.shown;
  const view = state.view;
  const knocker = seatName(state, view.knocker);
  const knockerLoose = (view.opponent_hand || []).filter((card) => !(view.melds[view.knocker] || []).flat().includes(card));
  const gin = view.opponent_hand ? knockerLoose.length === 0 : false;
  const best = (view.layouts || [])[0];
  let words;
  if (!best) words = "";
  else if (gin) words = t("defend.gin", { deadwood: best.deadwood });
  else if (best.layoffs.length) words = t("defend.best", { cards: cardsText(best.layoffs), deadwood: best.deadwood });
  else words = t("defend.best_none", { deadwood: best.deadwood });
  const canLayoff = ctl.legal.some((action) => action.startsWith("layoff "));
  const knockerCount = knockerLoose.reduce((sum, card) => sum + cardValue(card), 0);
  const finish = () => {
    const melds = (view.arrangement && view.arrangement.melds) || [];
    ctl.playPlan(melds.map((meld) => `meld ${meld.join(" ")}`).concat(["done"]));
  };
  return h("div", { class: "panel status-panel your-turn defend-panel" },
    h("p", { class: "status" }, gin ? t("status.defender_gin", { name: knocker }) : t("status.defender", { name: knocker, count: knockerCount })),
    h("p", {}, words),
    canLayoff && !gin ? h("p", { class: "muted" }, t("defend.manual")) : null,
    h("div", { class: "buttons" },
      button(t("btn.accept"), { onclick: () => best && ctl.playPlan(best.actions), disabled: !best || Boolean(ctl.pending) || ctl.plan.length > 0, primary: true, key: "Enter", name: "accept" }),
      gin || !canLayoff ? null : button(t("btn.finish"), { onclick: finish, disabled: Boolean(ctl.pending) || ctl.plan.length > 0, name: "finish" }),
      button(t("btn.hint"), { onclick: () => ctl.askHint(), disabled: Boolean(ctl.pending), key: "H", name: "hint" })),
    hintBox(ctl));
}

/** A link in a read-only field with a Copy button. */
function invitePanel(ctl) {
  const links = ctl.links || {};
  const state = ctl.shown;
  if (state.rematch_of) {
    const away = state.seats.find((seat) => !seat.joined);
    return h("div", { class: "panel invite" },
      h("h2", {}, t("rematch.title")),
      h("p", { class: "status", "aria-live": "polite" }, h("span", { class: "thinking" }), t("rematch.waiting", { name: away ? away.name : "" })));
  }
  if (ctl.state.listed && !links.invite) {
    return h("div", { class: "panel invite" },
      h("h2", {}, t("lobby.waiting_title")),
      lobbyPlaces(ctl),
      h("p", { class: "status", "aria-live": "polite" }, h("span", { class: "thinking" }), t("invite.waiting")));
  }
  return h("div", { class: "panel invite" },
    h("h2", {}, t("invite.title")),
    links.invite ? [h("p", {}, t("invite.text")), copyRow(t("invite.title"), links.invite, "invite")] : null,
    links.watch ? [h("p", { class: "muted" }, t("invite.watch")), copyRow(t("invite.watch"), links.watch, "watch")] : null,
    h("p", { class: "status" }, h("span", { class: "thinking" }), t("invite.waiting")));
}

// ------------------------------------------------------------ the end of a hand, of the game

export function handSummary(ctl, seat) {
  const state = ctl.shown;
  const view = state.view;
  const melds = view.melds[seat] || [];
  const shown = seatCards(view, seat);
  const layoffs = view.knocker >= 0 && seat !== view.knocker ? view.layoffs || [] : [];
  const unmatched = shown.backs ? [] : shown.faces.filter((card) => !melds.flat().includes(card));
  const result = view.result || {};
  const count = result.knocker === seat ? result.knocker_deadwood : result.knocker === 1 - seat ? result.defender_deadwood : null;
  const counted = count !== null && count !== undefined && result.outcome !== "void";
  return h("div", { class: "hand-summary", dataset: { seat } },
    h("h3", {}, seat === state.you ? t("table.you", { name: seatName(state, seat) }) : seatName(state, seat),
      counted ? h("span", { class: "deadwood" }, ` · ${t("hand_end.deadwood", { count })}`) : null),
    melds.length ? meldGroups(melds) : null,
    layoffs.length ? h("div", { class: "laid-off" }, h("span", { class: "label" }, t("table.layoffs", { name: seatName(state, seat) })), cardRow(layoffs)) : null,
    unmatched.length ? h("div", { class: "loose" }, h("span", { class: "label" }, t("table.unmatched")), cardRow([...unmatched].sort(byRank), ["unmatched"])) : null,
    shown.backs ? h("div", { class: "seat-cards" }, Array.from({ length: Math.min(shown.backs, 11) }, () => cardBack({ classes: ["small"] }))) : null,
  );
}

/** Between friends: who has asked for a rematch (none, me, the other), or that it has begun. */
function rematchState(ctl) {
  const state = ctl.state;
  const said = state.rematch || { offers: [], game_id: null };
  const me = state.you;
  return { said, mine: said.offers.includes(me), theirs: said.offers.includes(1 - me), other: seatName(state, 1 - me) };
}

function rematchOffer(ctl) {
  const { said, mine, theirs, other } = rematchState(ctl);
  if (said.game_id) return h("p", { class: "status rematch", "aria-live": "polite" }, t("rematch.started"));
  if (theirs) return h("p", { class: "status rematch", "aria-live": "polite" }, t("rematch.offer", { name: other }));
  if (mine) return h("p", { class: "status rematch", "aria-live": "polite" }, h("span", { class: "thinking" }), t("rematch.asked", { name: other }));
  return null;
}

function rematchButtons(ctl) {
  const busy = Boolean(ctl.pending);
  const ask = (label, name) => button(label, { onclick: () => ctl.rematch(), primary: true, name, disabled: busy });
  if (ctl.state.kind !== "friend") return ask(t("btn.rematch"), "rematch");
  const { said, mine, theirs } = rematchState(ctl);
  if (said.game_id) return ask(t("btn.rematch_go"), "rematch");
  if (theirs) return [ask(t("btn.rematch_accept"), "rematch"), button(t("btn.rematch_decline"), { onclick: () => ctl.rematch(true), name: "rematch-decline", disabled: busy })];
  if (mine) return button(t("btn.rematch_withdraw"), { onclick: () => ctl.rematch(true), name: "rematch-withdraw", disabled: busy });
  return ask(t("btn.rematch"), "rematch");
}

function resultPanel(ctl) {
  const state = ctl.shown;
  const view = state.view;
  const names = [seatName(state, 0), seatName(state, 1)];
  const result = view && view.result;
  const parts = [];
  if (result) {
    const title = t("hand_end.title", { number: state.hand_number, outcome: t(`outcome.${result.outcome}`) });
    const headline = result.winner === null || result.winner === undefined ? t("hand_end.nobody") : t("hand_end.won", { name: names[result.winner], points: tp("points", result.points) });
    const boxBonus = result.winner !== null && result.winner !== undefined ? state.rules.box_bonus : 0;
    parts.push(h("h2", {}, title), h("p", { class: "headline" }, headline),
      h("div", { class: "hands" }, handSummary(ctl, state.you ?? 0), handSummary(ctl, 1 - (state.you ?? 0))),
      h("ol", { class: "score-lines" }, resultLines(result, names, result.outcome === "void" ? [] : view.layoffs || [], boxBonus).map((line) => h("li", {}, line))),
      h("p", { class: "totals" }, t("hand_end.totals", { name0: names[0], points0: state.totals[0], name1: names[1], points1: state.totals[1], target: state.rules.target })));
  }
  if (state.stage === "over") {
    parts.unshift(gameOver(ctl));
    const rematch = ctl.mode === "play" && !ctl.readOnly && ["computer", "friend"].includes(ctl.state.kind) && !ctl.multi;
    if (rematch && ctl.state.kind === "friend") parts.push(rematchOffer(ctl));
    parts.push(h("div", { class: "buttons" },
      rematch ? rematchButtons(ctl) : null,
      h("a", { class: ["btn", rematch ? null : "primary"], href: `/play/${encodeURIComponent(state.game_id)}?replay${ctl.mode === "watch" && ctl.token ? `#${ctl.token}` : ""}` }, t("btn.replay")),
      h("a", { class: "btn", href: `/verify?game=${encodeURIComponent(state.game_id)}${ctl.mode !== "play" && ctl.token ? `#${ctl.token}` : ""}`, dataset: { name: "verify" } }, t("fair.link")),
      tournamentLink(state),
      h("a", { class: "btn", href: "/" }, t("nav.home"))));
    return h("div", { class: "panel result-panel over" }, parts);
  }
  const me = state.you;
  const readyDone = me !== null && me !== undefined && state.seats[me] && state.seats[me].ready;
  const other = me === null || me === undefined ? null : state.seats[1 - me];
  parts.push(h("div", { class: "buttons" },
    ctl.readOnly ? null : readyDone
      ? h("p", { class: "status" }, h("span", { class: "thinking" }), t("status.ready_wait", { name: other ? seatName(state, 1 - me) : "" }))
      : button(t("btn.next_hand"), { onclick: () => ctl.ready(), disabled: Boolean(ctl.pending), primary: true, key: "N", name: "next-hand" }),
    button(t("btn.scores"), { onclick: () => openScores(ctl), name: "scores" })));
  return h("div", { class: "panel result-panel" }, parts);
}

function gameOver(ctl) {
  const state = ctl.shown;
  const names = [seatName(state, 0), seatName(state, 1)];
  const settlement = state.settlement;
  // the reader's seat: the shown hand's, or the game's once a resignation stopped the hand
  const you = state.you ?? (ctl.state ? ctl.state.you : null);
  let headline;
  if (settlement.winner === null || settlement.winner === undefined) headline = t("over.tie");
  else if (settlement.winner === you) headline = t("over.you_won");
  else headline = t("over.winner", { name: names[settlement.winner] });
  const resigned = resignedLine(settlement, you, (place) => names[place]);
  return h("section", { class: "game-over" },
    h("h2", {}, t("over.title")),
    h("p", { class: "headline big" }, headline),
    resigned ? h("p", { class: "resigned" }, t(resigned.key, resigned.params)) : null,
    h("h3", {}, t("over.settlement")),
    settlementTable(state),
    settlementWords(settlement, state.rules, names).map((line) => h("p", {}, line)),
    ratingChanges(ctl.state));
}

