// Quick match in the lobby: pick the rules (and rated, for an account), wait for someone of your level, or take the computer at your level once it is offered.
import { currentAccount } from "./account.js";
import { api } from "./api.js";
import { clockBody, clockField, newClockChoice } from "./clockchoice.js";
import { clockRules } from "./clockview.js";
import { minCompletionField } from "./completionchoice.js";
import { minCompletionOf } from "./completionrules.js";
import { presetName } from "./describe.js";
import { h, store } from "./dom.js";
import { t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { ratingText } from "./ratingtext.js";
import { unratedReason } from "./ratedrules.js";
import { MINE, yourRules } from "./yourrules.js";

const POLL_SECONDS = 10;
const TICKET_KEY = "gin.quickmatch";

function kept() {
  try { return sessionStorage.getItem(TICKET_KEY); } catch { return null; }
}

function keep(ticket) {
  try {
    if (ticket) sessionStorage.setItem(TICKET_KEY, ticket);
    else sessionStorage.removeItem(TICKET_KEY);
  } catch { /* this page only */ }
}

export class QuickMatchPanel {
  constructor(nameOf) {
    this.nameOf = nameOf;
    this.el = h("section", { class: "panel quick-match", "aria-labelledby": "quick-title" });
    this.presets = ["standard", "oklahoma"];
    this.preset = store.get("gin.quick.preset", "standard");
    this.mine = yourRules();
    this.rated = false;
    this.rulesInfo = null; // GET /api/rules: what a rated game may be played under
    this.clockChoice = newClockChoice();
    this.minCompletion = minCompletionOf(store.get("gin.quick.min_completion", null));
    this.account = null;
    this.ticket = null;
    this.state = null;
    this.notice = null;
    this.timer = null;
    this.polling = false;
  }

  async start() {
    this.account = await currentAccount();
    try {
      const rules = await api("/api/rules");
      this.presets = Object.keys(rules.presets);
      this.rulesInfo = rules;
    } catch { /* the two families stay */ }
    if (!this.presets.includes(this.preset) && !(this.preset === MINE && this.mine)) this.preset = "standard";
    this.rated = Boolean(this.account) && store.get("gin.quick.rated", true);
    const ticket = kept();
    if (ticket) {
      this.ticket = ticket;
      this.poll(0);
    }
    this.render();
  }

  render() {
    const focused = this.el.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    this.el.replaceChildren(...[h("h2", { id: "quick-title" }, t("quick.title")),
      this.state && this.state.status === "waiting" ? this.waitingView() : this.choiceView(),
      this.notice ? h("p", { class: "notice error", role: "alert" }, this.notice) : null].filter(Boolean));
    if (focused) {
      const again = this.el.querySelector(`[data-focus="${focused}"]`);
      if (again) again.focus();
    }
  }

  /** Why the rules chosen make only a casual game (ratedrules.js), or null. */
  unrated() {
    const info = this.rulesInfo;
    if (!info || this.preset !== MINE || !this.mine) return null;
    return unratedReason(info.rated, 2, { ...info.presets[this.mine.preset], ...this.mine.options }, null);
  }

  choiceView() {
    const unrated = this.unrated();
    const rated = this.account
      ? h("div", { class: "rated-row" }, h("label", { class: "check" }, h("input", { type: "checkbox", checked: this.rated && !unrated, disabled: Boolean(unrated),
        "aria-describedby": unrated ? "quick-rated-why" : null, dataset: { focus: "quick-rated" },
        onchange: (event) => { this.rated = event.target.checked; store.set("gin.quick.rated", this.rated); } }), " ", t("quick.rated")),
      unrated ? h("span", { class: "muted rated-why", id: "quick-rated-why" }, t(`new.${unrated.code}`, { minimum: unrated.minimum })) : null)
      : h("p", { class: "muted" }, t("quick.rated_needs_account"));
    return h("div", { class: "quick-choice" },
      h("p", {}, t("quick.intro")),
      h("label", { class: "field" }, h("span", {}, t("new.preset")),
        h("select", { name: "quick-preset", dataset: { focus: "quick-preset" }, onchange: (event) => {
          this.preset = event.target.value;
          store.set("gin.quick.preset", this.preset);
          this.render(); // the rated choice may change with the rules
        } }, this.presets.map((name) => h("option", { value: name, selected: name === this.preset }, presetName(name))),
        this.mine ? h("option", { value: MINE, selected: this.preset === MINE }, t("quick.your_rules", { preset: presetName(this.mine.preset) })) : null)),
      rated,
      minCompletionField(this.minCompletion, (minimum) => { this.minCompletion = minimum; store.set("gin.quick.min_completion", minimum); }, "quick-min-completion"),
      h("button", { type: "button", class: "btn primary", dataset: { focus: "quick-start" }, onclick: () => this.seek() }, t("quick.start")),
      clockField(this.clockChoice, () => {}));
  }

  waitingView() {
    const state = this.state;
    const offer = state.computer;
    const computer = offer.in_seconds > 0
      ? h("p", { class: "muted quick-offer" }, tp("quick.computer_in", Math.ceil(offer.in_seconds)))
      : h("button", { type: "button", class: "btn", dataset: { focus: "quick-computer" }, onclick: () => this.computer() },
        t("quick.computer", { level: offer.level, rating: ratingText(offer.rating) }));
    return h("div", { class: "quick-waiting" },
      h("p", { role: "status" }, t("quick.waiting", { rules: [this.rulesName(state.rules.name), state.clock ? clockRules(state.clock) : null].filter(Boolean).join(", ") })),
      h("p", { class: "quick-clock" }, h("span", { class: "quick-waited" }, t("quick.waited", { time: this.clock(state.waited) })), " · ",
        t("quick.window", { low: ratingText(state.rating - state.window), high: ratingText(state.rating + state.window) })),
      state.min_completion ? h("p", { class: "muted" }, t("quick.min_completion_waiting", { minimum: state.min_completion })) : null,
      state.waiting > 1 ? h("p", { class: "muted" }, tp("quick.others", state.waiting - 1)) : null,
      computer,
      h("button", { type: "button", class: "btn", dataset: { focus: "quick-cancel" }, onclick: () => this.cancel() }, t("quick.cancel")));
  }

  rulesName(preset) {
    return this.preset === MINE && this.mine ? t("quick.your_rules", { preset: presetName(preset) }) : presetName(preset);
  }

  clock(seconds) {
    const whole = Math.floor(seconds);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  /** A preset, or your rules: their preset and what was changed in it. */
  rulesBody() {
    return this.preset === MINE && this.mine ? { preset: this.mine.preset, options: this.mine.options } : { preset: this.preset };
  }

  async seek() {
    this.notice = null;
    try {
      const answer = await api("/api/quickmatch", { method: "POST",
        body: { ...this.rulesBody(), rated: this.rated && !this.unrated(), name: this.nameOf(), clock: clockBody(this.clockChoice),
          min_completion: this.minCompletion } });
      this.ticket = answer.ticket;
      keep(this.ticket);
      this.show(answer);
      if (answer.status === "waiting") this.poll(POLL_SECONDS);
    } catch (error) {
      this.notice = errorText(error);
      this.render();
    }
  }

  async poll(wait) {
    if (this.polling || !this.ticket) return;
    this.polling = true;
    try {
      while (this.ticket) {
        const answer = await api(`/api/quickmatch/${encodeURIComponent(this.ticket)}?wait=${wait}`);
        if (!this.ticket) break; // answered after the search ended here (the computer taken, cancelled)
        this.show(answer);
        if (answer.status !== "waiting") break;
        wait = POLL_SECONDS;
      }
    } catch (error) {
      this.stop();
      this.notice = error.code === "no_such_seek" ? t("quick.ended") : errorText(error);
      this.render();
    } finally {
      this.polling = false;
    }
  }

  show(answer) {
    this.state = answer;
    clearInterval(this.timer);
    if (answer.game) {
      this.stop();
      if (!this.leaving) location.assign(`/play/${encodeURIComponent(answer.game.game_id)}`);
      this.leaving = true; // a second answer with the game must not start the navigation again
      return;
    }
    if (answer.status !== "waiting") {
      this.stop();
      this.notice = answer.status === "cancelled" ? null : t("quick.ended");
    } else {
      const started = Date.now() - answer.waited * 1000;
      const offerAt = Date.now() + answer.computer.in_seconds * 1000;
      this.timer = setInterval(() => this.tick(started, offerAt), 1000);
    }
    this.render();
  }

  tick(started, offerAt) {  // the clock and the offer move between answers, without redrawing the panel
    if (!this.state || this.state.status !== "waiting") return;
    const offered = this.state.computer.in_seconds > 0;
    this.state.waited = (Date.now() - started) / 1000;
    this.state.computer.in_seconds = Math.max(0, (offerAt - Date.now()) / 1000);
    if (offered && this.state.computer.in_seconds === 0) {
      this.render();
      return;
    }
    const clock = this.el.querySelector(".quick-waited");
    if (clock) clock.textContent = t("quick.waited", { time: this.clock(this.state.waited) });
    const offer = this.el.querySelector(".quick-offer");
    if (offer) offer.textContent = tp("quick.computer_in", Math.ceil(this.state.computer.in_seconds));
  }

  stop() {
    clearInterval(this.timer);
    this.ticket = null;
    keep(null);
    if (this.state) this.state.status = "over";
  }

  async cancel() {
    const ticket = this.ticket;
    this.stop();
    this.render();
    if (!ticket) return;
    try {
      const answer = await api(`/api/quickmatch/${encodeURIComponent(ticket)}`, { method: "DELETE" });
      if (answer.game) this.show(answer);
    } catch { /* it has ended anyway */ }
  }

  async computer() {
    try {
      this.show(await api(`/api/quickmatch/${encodeURIComponent(this.ticket)}/computer`, { method: "POST" }));
    } catch (error) {
      this.notice = errorText(error);
      this.render();
    }
  }

  close() {
    clearInterval(this.timer);
  }
}
