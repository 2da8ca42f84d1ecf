// The table screen's controller: joins a seat, keeps the WebSocket, the state and the moves in flight.
// The server decides everything: this shows its state and sends back one of view.legal.
import { api, ApiError } from "./api.js";
import { handTakesFocus, touchNow, watchInput } from "./attention.js";
import { CHAT_ERRORS, chatReceived, keepChatFocus, newChat } from "./chatbox.js";
import { ClockView } from "./clockview.js";
import { Connection } from "./conn.js";
import { seatName } from "./describe.js";
import { h, store } from "./dom.js";
import { language, t } from "./i18n.js";
import { clearNotices, errorText, notify } from "./notices.js";
import { handScene } from "./handscene.js";
import { isTableGame, readyWanted } from "./multistate.js";
import { renderMultiTable } from "./multiview.js";
import { seedFields } from "./seedbox.js";
import { showFatal, showReplaced, takeSeat } from "./seatlink.js";
import { tableKeys } from "./tablekeys.js";
import { tellNews } from "./tablenews.js";
import { siteNews } from "./sitenotices.js";
import { logEvent, sceneEvent, snapshotLog } from "./tablelog.js";
import { animateMove, measureMove } from "./flight.js";
import { renderTable } from "./tableview.js";
import { play as playSound } from "./sound.js";

let counter = 0;
function messageId() {
  counter += 1;
  return `c-${Date.now().toString(36)}-${counter}`;
}

export class TableScreen {
  /**
   * root: the element to draw in; gameId; mode: "play" | "watch" | "replay";
   * token: a watch token (a seat's token only passes through, to take the seat).
   */
  constructor(root, { gameId, mode = "play", token = null }) {
    Object.assign(this, { root, gameId, mode, token });
    this.state = null;
    this.clocks = new ClockView();
    this.n = -1;
    this.seat = null;
    this.pending = null; // the action or ready sent and not answered yet
    this.plan = []; // the rest of a layout being sent, one action at a time
    this.log = [];
    this.knockMode = false;
    this.hint = null;
    this.online = false;
    this.fatal = null;
    this.shut = false; // a full-page notice (seat opened elsewhere, fatal error) is showing
    this.sortMode = store.get("gin.sort", "melds");
    this.order = this.sortMode === "custom" ? store.get(`gin.order.${gameId}`, []) : [];
    this.focusName = null;
    this.layoutChoice = 0;
    this.links = store.get(`gin.links.${gameId}`, null);
    this.readOnly = mode !== "play";
    this.chat = newChat();
    this.onKey = (event) => this.keydown(event);
  }

  // ------------------------------------------------------------ starting

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("conn.connecting")));
    document.addEventListener("keydown", this.onKey);
    watchInput();
    this.root.addEventListener("focusin", (event) => {
      this.handFocus = Boolean(event.target.closest && event.target.closest(".my-hand"));
    });
    if (this.mode === "play" && this.token) {
      const taken = await takeSeat(this, this.token);
      this.token = null;
      if (!taken) return;
    }
    this.connection = new Connection(this.gameId, {
      token: this.mode === "watch" ? this.token : null,
      since: () => this.n,
      onMessage: (message) => this.receive(message),
      onOpen: () => {
        this.online = true;
      },
      onLost: () => {
        this.online = false;
        notify(t("conn.lost"), "warning", 0);
        this.render();
      },
      onFatal: (code) => {
        this.online = false;
        if (code === 4409) this.showReplaced();
        else this.showFatal(this.fatal || { code: "bad_token" });
      },
    });
    this.connection.open();
  }

  /** Another window took this seat: say so, and offer to take it back here. */
  showReplaced() {
    this.shut = true; // a late redraw (a card landing, a clock) must not cover the notice
    showReplaced(this.root, () => {
      this.shut = false;
      this.state = null;
      this.n = -1;
      this.connection.reopen();
    });
  }

  showFatal(error) {
    this.shut = true;
    this.connection && this.connection.close();
    showFatal(this.root, error);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.clocks.stop();
    this.connection && this.connection.close();
  }

  // ------------------------------------------------------------ messages from the server

  receive(message) {
    switch (message.type) {
      case "hello":
        this.seat = message.seat;
        this.idleSeconds = message.idle_seconds ?? null;
        if (message.role === "watcher") this.readOnly = true;
        break;
      case "snapshot":
        this.log = snapshotLog(this, message.state, this.state);
        this.n = message.n;
        this.state = message.state;
        this.clocks.update(message.state);
        if (this.pending && this.pending.acked !== undefined && this.n >= this.pending.acked) this.pending = null;
        this.afterUpdate(null);
        break;
      case "event":
        this.event(message);
        break;
      case "synced":
        this.online = true;
        clearNotices("warning");
        this.resendPending();
        this.render();
        break;
      case "ack":
        // the move is in the log; its event follows (unless already here): until then the
        // position shown is not the one the next move must be made on
        if (this.pending && message.id === this.pending.id) {
          this.pending.acked = message.n;
          if (this.n >= message.n) this.pending = null;
        }
        this.afterUpdate(null);
        break;
      case "error":
        this.error(message);
        break;
      case "rematch":
        this.rematchSaid(message);
        break;
      case "chat":
      case "chat_history":
      case "chat_shown":
        chatReceived(this.chat, message);
        this.render();
        break;
      case "presence":
        // the server's idle timer: when the computer will play for a seat that keeps the game waiting
        this.idle = message.idle ? { seat: message.idle.seat, at: Date.now() + message.idle.seconds * 1000 } : null;
        this.watchers = message.watchers || 0;
        if (this.state) {
          for (const seat of message.seats) {
            const info = this.state.seats[seat.seat];
            if (info) info.connected = seat.connected;
          }
          this.render();
        }
        break;
      default:
        siteNews(message); // the account's news: a challenge, a tournament's game, a friend online
        break;
    }
  }

  event(message) {
    if (message.n <= this.n) return; // already seen (a resync overlapping live events)
    if (message.n !== this.n + 1) {
      this.requestResync();
      return;
    }
    const before = this.state;
    const flight = measureMove(this, sceneEvent(message.event, before), before && handScene(before));
    this.n = message.n;
    this.state = message.state;
    this.clocks.update(message.state);
    if (this.pending && this.pending.acked !== undefined && this.n >= this.pending.acked) this.pending = null;
    const wasMyTurn = this.myTurn;
    this.lastMove = null;
    logEvent(this, message.event, before, message.state);
    // while another player's card flies, the status line tells that move, not what follows it
    this.tellWhileFlying(flight);
    const ev = message.event || {};
    if (ev.kind === "play" && typeof ev.action === "string" && ev.action.startsWith("knock") && ev.seat !== (this.multi ? null : this.seat)) playSound("knock");
    else if (!wasMyTurn && this.myTurn) playSound("turn");
    // each move starts the timer of the seat now waited for again (PROTOCOL.md "Idle players")
    if (this.idleSeconds && !this.multi) {
      const hand = message.state.table_hand;
      const waited = message.state.stage === "hand" && hand ? hand.to_act : null;
      this.idle = waited === null || waited === undefined ? null : { seat: waited, at: Date.now() + this.idleSeconds * 1000 };
    }
    this.afterUpdate(flight);
  }

  error(message) {
    const mine = this.pending && message.id === this.pending.id;
    if (mine) this.pending = null;
    this.plan = [];
    if (message.code === "bad_token" || message.code === "not_found" || message.code === "invite_spent") {
      this.fatal = message;
      return;
    }
    if (message.code === "seat_replaced") return; // the close (4409) follows
    if (CHAT_ERRORS.includes(message.code)) {
      this.chat.notice = errorText(message);
      this.render();
      return; // a refused chat line changes nothing at the table
    }
    if (message.code === "stale" || message.code === "conflict") {
      notify(t("error.stale"), "warning");
      return; // the snapshot follows
    }
    notify(errorText(message), "error");
    if (message.n !== this.n) this.requestResync();
    this.render();
  }

  requestResync() {
    if (this.connection) this.connection.send({ type: "resync", since: Math.max(this.n, 0), id: messageId() });
  }

  resendPending() {
    if (this.pending && this.connection) this.connection.send(this.pending.message);
  }

  // ------------------------------------------------------------ moves

  /** Whether this is a table of three or four (state.mode "three" or "teams"). */
  get multi() {
    return isTableGame(this.state);
  }

  /** The hand drawn and played: the scene of the one state (handscene.js), at every game. */
  get shown() {
    return this.state && handScene(this.state);
  }

  get view() {
    return this.shown && this.shown.view;
  }

  /** The hand seat to move in the hand shown (null: nobody), from the state's table_hand. */
  get turn() {
    const hand = this.state && this.state.table_hand;
    return hand && hand.to_act !== undefined ? hand.to_act : null;
  }

  get legal() {
    const shown = this.shown;
    if (this.readOnly || !shown || shown.stage !== "hand" || !this.view) return [];
    return this.view.legal || [];
  }

  get myTurn() {
    const shown = this.shown;
    const me = shown && shown.you;
    return !this.readOnly && Boolean(shown) && shown.stage === "hand" && me !== null && me !== undefined && this.turn === me;
  }

  can(action) {
    return !this.pending && this.legal.includes(action);
  }

  send(message) {
    const full = { ...message, id: messageId() };
    this.pending = { id: full.id, message: full };
    this.hint = null;
    if (!this.connection || !this.connection.send(full)) {
      // not connected: the message goes when the connection is back (same id)
    }
    this.render();
  }

  play(action) {
    if (!this.can(action)) return false;
    this.knockMode = false;
    this.send({ type: "action", action, expect: this.n });
    return true;
  }

  playPlan(actions) {
    this.plan = [...actions];
    this.stepPlan();
  }

  stepPlan() {
    if (this.pending || !this.plan.length || !this.myTurn) return;
    const next = this.plan.shift();
    if (!this.play(next)) this.plan = [];
  }

  ready() {
    if (this.pending || this.readOnly || !this.state) return;
    if (!this.firstDealWanted && !readyWanted(this.state)) return;
    this.send({ type: "ready", expect: this.n, ...seedFields(this.gameId, this.state) });
  }

  /** The server says my table's first deal waits for my seed: it is sent without a click. */
  get firstDealWanted() {
    return !this.readOnly && Boolean(this.state && this.state.first_deal_awaits_you);
  }

  /** R4: the higher cut chooses whether it deals the first hand. */
  chooseDealer(deal) {
    if (this.pending || this.readOnly || !this.state) return;
    this.send({ type: "cut_choice", deal, expect: this.n });
  }

  /** The same game against the computer again, the other seat dealing first (a new game). */
  /**
   * Against the computer: a new game at once. Between friends: ask (or accept the friend's
   * offer, or take my seat of the rematch they accepted); `withdraw` takes my offer back or
   * declines theirs.
   */
  async rematch(withdraw = false) {
    if (this.pending) return;
    this.pending = { id: "rematch" };
    this.render();
    try {
      const answer = await api(`/api/games/${encodeURIComponent(this.gameId)}/rematch`, { method: withdraw ? "DELETE" : "POST" });
      this.pending = null;
      if (answer.rematch_id) return this.goTo(answer.rematch_id, null);
      if (answer.state && answer.game_id !== this.gameId) return this.goTo(answer.game_id, answer.links || {});
      if (this.state) this.state.rematch = { offers: answer.offers || [], game_id: null };
      this.render();
    } catch (error) {
      this.pending = null;
      notify(errorText(error), "error");
      this.render();
    }
  }

  /** The creator of a lobby game sends the player at `place` away (before the first deal). */
  async sendAway(place) {
    if (this.pending) return;
    this.pending = { id: "send-away" };
    try {
      await api(`/api/games/${encodeURIComponent(this.gameId)}/seats/${place}`, { method: "DELETE" });
    } catch (error) {
      notify(errorText(error), "error");
    }
    this.pending = null;
    this.render();
  }

  goTo(gameId, links) {
    store.set(`gin.links.${gameId}`, { invite: null, watch: (links && links.watch) || null, invites: [] });
    location.assign(`/play/${encodeURIComponent(gameId)}`);
  }

  /** The server's word on this finished game's rematch: offers, a refusal, or the new game. */
  rematchSaid(message) {
    if (!this.state) return;
    const me = this.state.you;
    const before = this.state.rematch || { offers: [] };
    this.state.rematch = { offers: message.offers || [], game_id: message.game_id || null };
    const other = me === null || me === undefined ? null : 1 - me;
    if (message.declined_by === other && other !== null) notify(t("rematch.declined", { name: seatName(this.state, other) }), "warning");
    else if (other !== null && before.offers.includes(other) && !this.state.rematch.offers.length && !message.game_id) notify(t("rematch.withdrawn", { name: seatName(this.state, other) }), "warning");
    if (message.game_id && this.mode === "play" && !this.readOnly) {
      this.rematch();
      return;
    }
    this.render();
  }

  /** Take my seat back from the computer (it played for me while I was idle). */
  back() {
    if (this.pending || this.readOnly || !this.state) return;
    this.send({ type: "back" });
  }

  cardAction(name) {
    const legal = this.legal;
    if (!legal.length || this.pending) return null;
    if (this.knockMode) return legal.includes(`knock ${name}`) ? `knock ${name}` : null;
    if (legal.includes(`layoff ${name}`)) return `layoff ${name}`;
    if (legal.includes(`discard ${name}`)) return `discard ${name}`;
    return null;
  }

  clickCard(name) {
    const action = this.cardAction(name);
    this.handFocus = true;
    if (action) this.play(action);
  }

  knockActions() {
    return this.legal.filter((action) => action.startsWith("knock "));
  }

  /** The knock that goes gin (deadwood 0 after its discard), if any. */
  ginAction() {
    const discards = (this.view && this.view.arrangement && this.view.arrangement.discards) || {};
    return this.knockActions().find((action) => discards[action.slice(6)] === 0) || null;
  }

  /** The knock leaving the least deadwood: the preselected one. */
  bestKnock() {
    const discards = (this.view && this.view.arrangement && this.view.arrangement.discards) || {};
    const knocks = this.knockActions();
    knocks.sort((a, b) => (discards[a.slice(6)] ?? 99) - (discards[b.slice(6)] ?? 99));
    return knocks[0] || null;
  }

  setKnockMode(on) {
    this.knockMode = Boolean(on) && this.knockActions().length > 0 && !this.pending;
    const best = this.knockMode ? this.bestKnock() : null;
    this.render();  // it keeps the focused card as focusName: the knock's card is focused after
    if (best) {
      this.focusName = best.slice(6);
      this.focusCard(this.focusName);
    }
  }

  async askHint() {
    if (this.readOnly || !this.myTurn) return;
    this.hint = { loading: true };
    this.render();
    try {
      const answer = await api(`/api/games/${encodeURIComponent(this.gameId)}/hint?lang=${language()}`);
      this.hint = answer.n === this.n || answer.n === undefined ? { lines: answer.lines || [answer.text], action: answer.action && answer.action.name } : null;
    } catch (error) {
      this.hint = { lines: [error instanceof ApiError && error.status === 409 ? t("hint.unavailable") : errorText(error)] };
    }
    this.render();
  }

  // ------------------------------------------------------------ the hand's order

  setSort(mode) {
    this.sortMode = mode;
    store.set("gin.sort", mode);
    this.render();
  }

  /** Move `name` to position `index` of the shown hand (drag and drop, Shift+arrows). */
  reorder(name, index, shown) {
    const order = shown.filter((card) => card !== name);
    order.splice(Math.max(0, Math.min(index, order.length)), 0, name);
    this.order = order;
    this.sortMode = "custom";
    store.set("gin.sort", "custom");
    store.set(`gin.order.${this.gameId}`, order); // my own cards only, in my order
    this.focusName = name;
    this.render();
    this.focusCard(name);
  }

  /** Another player's move that flies tells itself; if its card cannot be drawn flying (a
   * knock: the melds take the pile's place) a card of theirs still in the air tells it. Any
   * other event ends the telling. */
  tellWhileFlying(flight) {
    const told = this.lastMove && !this.lastMove.mine ? this.lastMove : null;
    if (!told) {
      this.telling = null;
      return;
    }
    if (flight) flight.text = told.text;
    if (this.telling) this.telling.text = told.text;
  }

  focusCard(name) {
    const el = name && this.root.querySelector(`.my-hand .card[data-card="${name}"]`);
    if (el) el.focus();
  }

  // ------------------------------------------------------------ drawing

  afterUpdate(flight) {
    if (this.firstDealWanted && !this.pending) this.ready();
    if (this.shown && this.shown.stage !== "hand") this.knockMode = false;
    if (this.knockMode && !this.knockActions().length) this.knockMode = false;
    // after taking the last discard at the wall only a knock is legal: choose its card at once
    const legal = this.legal;
    if (!this.pending && legal.length && legal.every((action) => action.startsWith("knock "))) this.knockMode = true;
    this.render();
    if (flight) animateMove(this, flight);
    this.stepPlan();
    this.layOutIfNoChoice();
  }

  /**
   * Nothing to choose: the knocker with a single possible layout lays it out at once (once a
   * hand, so that a refusal cannot loop). The defender always sees the knocker's melds first.
   */
  layOutIfNoChoice() {
    const view = this.view;
    if (this.pending || this.plan.length || !this.myTurn || !view || !view.layouts || view.layouts.length !== 1) return;
    const single = view.phase === "knocker_melds";
    const key = `${this.shown.hand_number}:${view.phase}`;
    if (!single || this.autoLaid === key) return;
    this.autoLaid = key;
    this.playPlan(view.layouts[0].actions);
  }

  render() {
    if (!this.state || this.shut) return;
    const active = document.activeElement;
    const focused = active && active.closest && active.closest(".my-hand .card");
    // a card just played (clicked or Enter) leaves the hand: focus goes to its neighbour
    const inHand = Boolean(focused) || (this.handFocus && (!active || active === document.body));
    let index = -1;
    if (focused) {
      this.focusName = focused.dataset.card;
      index = [...focused.parentElement.querySelectorAll(".card")].indexOf(focused);
    }
    if (index >= 0) this.focusIndex = index;
    keepChatFocus(this.root, () => (this.multi ? renderMultiTable(this) : renderTable(this)));
    this.clocks.mount(this.root);
    // the turn that comes finds the keys in the hand, unless something else holds the focus
    const turnCame = this.myTurn && !this.turnSeen;
    this.turnSeen = this.myTurn;
    const now = document.activeElement;
    if (inHand || handTakesFocus({ turnCame, touch: touchNow(), focused: now ? now.tagName : null })) this.focusInHand();
    tellNews(this);
  }

  /** Focus the card last focused, else the one now at its place, so that the arrows go on working. */
  focusInHand() {
    const cards = [...this.root.querySelectorAll(".my-hand .card")];
    if (!cards.length) return;
    const same = cards.find((el) => el.dataset.card === this.focusName);
    const el = same || cards[Math.max(0, Math.min(this.focusIndex ?? 0, cards.length - 1))];
    this.focusName = el.dataset.card;
    el.focus();
  }

  keydown(event) {
    tableKeys(this, event);
  }
}
