// The players' clocks at the table (PROTOCOL.md "Clocks"): one countdown per person, for the
// players and the watchers alike. The server sends each seat's seconds left and whether its
// clock runs with every snapshot and with the latest event; the page counts down from there.
// The ticking text is not a live region: only my clock's last ten seconds are announced, once a turn.
import { seatName } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const WARN_SECONDS = 10;

export function clockTime(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The clock's rules in words: "3 min + 5 s a turn", "30 s a turn". */
export function clockRules(clock) {
  if (!clock) return t("clock.none");
  if (clock.kind === "move") return t("clock.rules.move", { seconds: clock.seconds });
  return t("clock.rules.bank", { minutes: +(clock.seconds / 60).toFixed(2), increment: clock.increment });
}

/** The table's clock in words with what running out does there (shown at the table and when sitting). */
export function clockWords(clock) {
  return [clockRules(clock), clock.forfeit_after ? t("clock.forfeits", { count: clock.forfeit_after }) : t("clock.computer_plays")].join(" · ");
}

export class ClockView {
  constructor() {
    this.clock = null;
    this.received = 0;
    this.state = null;
    this.you = null;
    this.warned = false;
    this.timer = null;
    this.times = new Map(); // seat -> its countdown's text node
    this.el = null;
    this.said = null;
  }

  /** A state from the server: keep its clocks (a state without them keeps the last ones). */
  update(state) {
    if (!state) return;
    this.state = state;
    this.you = state.you ?? null;
    if (!state.clock) return;
    const mine = state.clock.seats.find((seat) => seat.seat === this.you);
    if (!mine || !mine.running || mine.seconds > WARN_SECONDS) this.warned = false;
    this.clock = state.clock;
    this.received = Date.now();
    this.draw();
  }

  left(seat) {
    const running = seat.running && this.state && this.state.stage === "hand";
    return running ? Math.max(0, seat.seconds - (Date.now() - this.received) / 1000) : seat.seconds;
  }

  draw() {
    const clock = this.clock;
    if (!clock) return;
    this.times.clear();
    this.said = h("p", { class: "sr-only", "aria-live": "polite" });
    const seats = clock.seats.map((seat) => {
      const time = h("span", { class: "clock-time" }, clockTime(this.left(seat)));
      this.times.set(seat.seat, time);
      const name = seat.seat === this.you ? t("clock.you") : seatName(this.state, seat.seat);
      return h("li", { class: ["clock", seat.running ? "running" : null], dataset: { seat: seat.seat } },
        h("span", { class: "clock-name" }, name), time,
        seat.timeouts ? h("span", { class: "clock-outs" }, t("clock.timeouts", { count: seat.timeouts })) : null);
    });
    this.el = h("section", { class: "clocks", "aria-label": t("clock.title") },
      h("ul", { class: "clock-seats" }, seats),
      h("p", { class: "clock-rules" }, clockWords(clock)),
      this.said);
    this.tick();
  }

  tick() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.clock) return;
    let running = false;
    for (const seat of this.clock.seats) {
      const node = this.times.get(seat.seat);
      const left = this.left(seat);
      if (node) {
        node.textContent = clockTime(left);
        node.parentElement.classList.toggle("low", seat.running && left <= WARN_SECONDS);
      }
      if (seat.running && this.state.stage === "hand") running = true;
      if (seat.seat === this.you && seat.running && left <= WARN_SECONDS && left > 0 && !this.warned && this.said) {
        this.warned = true;
        this.said.textContent = t("clock.warning", { seconds: Math.ceil(left) });
      }
    }
    if (running) this.timer = setTimeout(() => this.tick(), 250);
  }

  /** Put the clocks at the top of the table just drawn (the table draws itself afresh each time). */
  mount(root) {
    if (!this.el) return;
    const felt = root.querySelector(".felt");
    if (felt) felt.prepend(this.el);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }
}
