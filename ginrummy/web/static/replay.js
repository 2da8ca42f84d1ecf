// A finished (or any) game replayed step by step from GET /api/games/{id}/events, as the seat saw it.
import { api } from "./api.js";
import { h, typing } from "./dom.js";
import { language, t } from "./i18n.js";
import { isTableGame } from "./multistate.js";
import { TableScreen } from "./table.js";
import { errorText, notify } from "./notices.js";
import { logEvent, snapshotLog } from "./tablelog.js";

const PAGE = 500;

export class ReplayScreen {
  constructor(root, { gameId, token = null }) {
    Object.assign(this, { root, gameId, token });
    this.events = [];
    this.step = 1;
    this.timer = null;
    this.table = new TableScreen(root, { gameId, mode: "replay", token });
    this.open = false; // both hands shown (a player's replay of a finished game)
    this.review = null; // GET /review's answer, once asked for
    this.reviewShown = false;
    this.reviewBusy = false;
    this.onKey = (event) => this.keydown(event);
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    if (!(await this.load())) return;
    if (!this.events.length) {
      this.root.replaceChildren(h("section", { class: "panel" }, h("p", {}, t("replay.start")), h("a", { class: "btn", href: "/" }, t("btn.home"))));
      return;
    }
    document.addEventListener("keydown", this.onKey);
    this.show(1);
  }

  /** Every event, as the seat saw it (or, `this.open`, with both hands). False on failure. */
  async load() {
    const events = [];
    try {
      let since = 0;
      for (;;) {
        const query = new URLSearchParams({ since: String(since), limit: String(PAGE) });
        if (this.token) query.set("token", this.token);
        if (this.open) query.set("open", "1");
        const page = await api(`/api/games/${encodeURIComponent(this.gameId)}/events?${query}`);
        events.push(...page.events);
        since += page.events.length;
        if (page.events.length < PAGE || since >= page.n) break;
      }
    } catch (error) {
      this.table.showFatal(error);
      return false;
    }
    // the seeds sent for hand 1 come before its deal: the replay starts at the deal
    const first = events.findIndex((message) => !message.event || message.event.kind !== "ready");
    this.events = first > 0 ? events.slice(first) : events;
    return true;
  }

  /** Both hands or only mine: the game is over, so its player may see everything. */
  async toggleOpen() {
    this.open = !this.open;
    if (await this.load()) this.show(this.step);
  }

  /** The step of each deal: where each hand starts. */
  hands() {
    const starts = [];
    this.events.forEach((message, index) => {
      if (message.event && message.event.kind === "deal") starts.push({ number: message.state.hand_number, step: index + 1 });
    });
    return starts;
  }

  destroy() {
    this.pause();
    document.removeEventListener("keydown", this.onKey);
  }

  /** Show the table after event number `step` (1 = the first deal), with the moves of that hand. */
  show(step) {
    this.step = Math.max(1, Math.min(step, this.events.length));
    const table = this.table;
    table.state = null;
    table.log = [];
    for (let index = 0; index < this.step; index += 1) {
      const message = this.events[index];
      const before = table.state;
      table.state = message.state;
      if (before) logEvent(table, message.event, before, message.state);
      else table.log = snapshotLog(table, message.state);
    }
    table.n = this.step;
    table.seat = table.state.you;
    table.replayBar = this.reviewShown ? h("div", { class: "replay-top" }, this.bar(), this.reviewPanel()) : this.bar();
    table.render();
  }

  render() {
    if (this.events.length) this.show(this.step);
  }

  bar() {
    const total = this.events.length;
    const go = (step) => () => {
      this.pause();
      this.show(step);
    };
    const playing = this.timer !== null;
    const table = `/play/${encodeURIComponent(this.gameId)}${this.token ? `#${this.token}` : ""}`;
    return h("nav", { class: "replay-bar panel", "aria-label": t("replay.title") },
      h("strong", {}, t("replay.title")),
      h("button", { type: "button", class: "btn small", onclick: go(1), disabled: this.step <= 1, dataset: { name: "first" } }, "|◀ ", t("replay.first")),
      h("button", { type: "button", class: "btn small", onclick: go(this.step - 1), disabled: this.step <= 1, dataset: { name: "prev" } }, "◀ ", t("replay.prev")),
      h("span", { class: "step", "aria-live": "polite" }, t("replay.step", { step: this.step, total })),
      h("button", { type: "button", class: "btn small", onclick: go(this.step + 1), disabled: this.step >= total, dataset: { name: "next" } }, t("replay.next"), " ▶"),
      h("button", { type: "button", class: "btn small", onclick: go(total), disabled: this.step >= total, dataset: { name: "last" } }, t("replay.last"), " ▶|"),
      h("button", { type: "button", class: "btn small", onclick: () => (playing ? this.pause() : this.play()), dataset: { name: "play" } }, playing ? t("replay.pause") : t("replay.play")),
      this.handPicker(),
      this.canOpen() ? h("button", { type: "button", class: "btn small", "aria-pressed": String(this.open), onclick: () => this.toggleOpen(), dataset: { name: "open" } }, t("replay.both_hands")) : null,
      this.canReview() ? h("button", { type: "button", class: "btn small", "aria-pressed": String(this.reviewShown), disabled: this.reviewBusy, onclick: () => this.toggleReview(), dataset: { name: "review" } }, this.reviewBusy ? t("review.loading") : t("replay.review")) : null,
      this.token ? null : h("a", { class: "btn small", href: table }, t("replay.back_to_table")));
  }

  /** A list of the hands: choosing one jumps to its deal. */
  handPicker() {
    const hands = this.hands();
    if (hands.length < 2) return null;
    const current = [...hands].reverse().find((hand) => hand.step <= this.step) || hands[0];
    return h("label", { class: "inline hand-pick" }, h("span", { class: "sr-only" }, t("replay.jump")),
      h("select", { name: "hand", "aria-label": t("replay.jump"), onchange: (event) => { this.pause(); this.show(Number(event.target.value)); } },
        hands.map((hand) => h("option", { value: hand.step, selected: hand === current }, t("table.hand_number", { number: hand.number })))));
  }

  /** Only a player (not a watch link) of a two-player game that is over sees both hands. */
  canOpen() {
    const last = this.events[this.events.length - 1];
    return !this.token && Boolean(last) && last.state.stage === "over" && last.state.you !== null && last.state.you !== undefined && !isTableGame(last.state)
      && !(last.state.fair && last.state.fair.held); // a duplicate round's decks wait for its last table
  }

  /** A player of a finished two-player game may have its decisions reviewed (a table game's
   * hands are dealt table by table, so its marks would not find their steps here). */
  canReview() {
    const last = this.events[this.events.length - 1];
    return Boolean(last) && last.state.stage === "over" && last.state.you !== null && last.state.you !== undefined && !isTableGame(last.state);
  }

  /** Show or hide the review of my decisions (computed by the server, fetched once). */
  async toggleReview() {
    if (this.reviewShown) {
      this.reviewShown = false;
      this.show(this.step);
      return;
    }
    if (!this.review || this.review.lang !== language()) {
      this.reviewBusy = true;
      this.show(this.step);
      try {
        const query = new URLSearchParams({ lang: language() });
        if (this.token) query.set("token", this.token);
        this.review = await api(`/api/games/${encodeURIComponent(this.gameId)}/review?${query}`);
      } catch (error) {
        this.reviewBusy = false;
        this.show(this.step);
        notify(errorText(error), "error");
        return;
      }
      this.reviewBusy = false;
    }
    this.reviewShown = true;
    this.show(this.step);
  }

  /** The step that shows the table as the player had to decide: just before the mark's move
   * (the mark's hand is the n-th deal, its index the n-th move of that hand). */
  stepOf(mark) {
    let deals = 0;
    let plays = 0;
    for (let index = 0; index < this.events.length; index += 1) {
      const event = this.events[index].event;
      if (!event) continue;
      if (event.kind === "deal") {
        deals += 1;
        plays = 0;
      } else if (event.kind === "play" && deals === mark.hand) {
        plays += 1;
        if (plays === mark.index) return index;
      }
    }
    return null;
  }

  reviewPanel() {
    const review = this.review;
    const marks = review.marks.map((mark) => {
      const step = this.stepOf(mark);
      const [head, ...rest] = mark.lines;
      return h("li", { class: ["review-mark", step !== null && step === this.step ? "current" : null], dataset: { hand: mark.hand, index: mark.index } },
        h("p", { class: "review-head" }, head),
        rest.map((line) => h("p", { class: "review-why" }, line.trim())),
        step === null ? null : h("button", { type: "button", class: "btn small", dataset: { name: "goto" }, onclick: () => { this.pause(); this.show(step); } }, t("review.goto")));
    });
    return h("section", { class: "panel review", "aria-label": t("review.title") },
      h("h2", {}, t("review.title")),
      h("p", { class: "review-summary" }, review.summary),
      marks.length ? h("ol", { class: "review-marks" }, marks) : h("p", {}, t("review.none")));
  }

  play() {
    if (this.timer !== null) return;
    if (this.step >= this.events.length) this.step = 0;
    this.timer = setInterval(() => {
      if (this.step >= this.events.length) this.pause();
      else this.show(this.step + 1);
    }, 900);
    this.show(this.step + 1);
  }

  pause() {
    if (this.timer !== null) clearInterval(this.timer);
    const was = this.timer !== null;
    this.timer = null;
    if (was) this.show(this.step);
  }

  keydown(event) {
    if (typing(event) || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 1, End: this.events.length };
    if (event.key in moves) {
      event.preventDefault();
      this.pause();
      this.show(moves[event.key]);
    } else if (event.key === " " && !(event.target && event.target.closest && event.target.closest("button, a"))) {
      event.preventDefault();
      if (this.timer !== null) this.pause();
      else this.play();
    }
  }
}

