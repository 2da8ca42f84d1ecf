// The new game's clock on the home page: none, a time bank plus an increment per turn, or a
// time per turn (PROTOCOL.md "Clocks"). The server checks the numbers and names a wrong one.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { clockRules } from "./clockview.js";

export function newClockChoice() {
  return { kind: "none", minutes: 3, increment: 5, seconds: 30 };
}

/** What POST /api/games gets as `clock` (null: no clock). */
export function clockBody(clock) {
  if (clock.kind === "bank") return { kind: "bank", seconds: Math.round(Number(clock.minutes) * 60), increment: Number(clock.increment) };
  if (clock.kind === "move") return { kind: "move", seconds: Number(clock.seconds) };
  return null;
}

/** The clock's line in the summary of the new game's rules. */
export function clockSummary(clock) {
  const body = clockBody(clock);
  const numbers = body ? [body.seconds, body.increment ?? 0] : [];
  const shown = body && numbers.every((value) => Number.isFinite(value)) ? clockRules(body) : t("clock.none");
  return t("clock.summary", { rules: shown });
}

function numberField(clock, key, label, refresh, attrs) {
  return h("label", { class: "field clock-number" }, h("span", {}, label),
    h("input", { type: "number", name: `clock-${key}`, inputmode: "decimal", value: clock[key], ...attrs,
      oninput: (e) => { clock[key] = e.target.value === "" ? "" : Number(e.target.value); refresh(); } }));
}

/** A folded section under the start button (the form's first screen stays as it was): its
 * line says the clock chosen; inside, the kind of clock and its numbers for the kind chosen. */
export function clockField(clock, refresh) {
  const said = h("summary", {}, clockSummary(clock));
  const changed = () => { said.textContent = clockSummary(clock); refresh(); };
  const numbers = h("div", { class: "field-row clock-numbers" });
  const drawNumbers = () => {
    if (clock.kind === "bank") {
      numbers.replaceChildren(
        numberField(clock, "minutes", t("clock.minutes"), changed, { min: 0.5, max: 60, step: 0.5 }),
        numberField(clock, "increment", t("clock.increment"), changed, { min: 0, max: 60, step: 1 }));
    } else if (clock.kind === "move") {
      numbers.replaceChildren(numberField(clock, "seconds", t("clock.per_move"), changed, { min: 5, max: 600, step: 1 }));
    } else {
      numbers.replaceChildren();
    }
  };
  const radio = (kind) => h("label", { class: "radio" },
    h("input", { type: "radio", name: "clock", value: kind, checked: clock.kind === kind,
      onchange: () => { clock.kind = kind; drawNumbers(); changed(); } }),
    h("span", {}, t(`clock.kind.${kind}`)));
  drawNumbers();
  return h("details", { class: "clock-choice", open: clock.kind !== "none" }, said,
    h("fieldset", { class: "field" }, h("legend", { class: "sr-only" }, t("clock.title")),
      radio("none"), radio("bank"), radio("move"), numbers),
    h("p", { class: "muted" }, t("clock.note")));
}
