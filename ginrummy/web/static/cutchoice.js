// R4 under first_dealer "high_cut_chooses" (the lotoflaughs preset): before the first deal,
// the seat that cut the higher card chooses whether it deals; the server waits for its
// cut_choice message (PROTOCOL.md, "The cut").
import { seatName } from "./describe.js";
import { h } from "./dom.js";
import { cardText, t } from "./i18n.js";

/** Whether the game waits for the higher cut's choice of the first dealer. */
export function choosingDealer(state) {
  return Boolean(state && state.cut) && state.cut.chooser !== null && state.cut.chooser !== undefined;
}

function choiceButton(label, name, primary, ctl, deal) {
  return h("button", { type: "button", class: ["btn", primary ? "primary" : null], disabled: !!ctl.pending, dataset: { name }, onclick: () => ctl.chooseDealer(deal) }, label);
}

/** The chooser's two buttons, or what the others wait for; ``invitePanel`` too while a seat is empty. */
export function cutChoicePanel(ctl, invitePanel) {
  const state = ctl.shown;
  const cut = state.cut;
  const chooser = cut.chooser;
  const empty = state.seats.some((seat) => seat.kind === "human" && !seat.joined);
  let choice;
  if (!ctl.readOnly && state.you === chooser) {
    const last = cut.rounds[cut.rounds.length - 1];
    const other = seatName(state, 1 - chooser);
    choice = h("div", { class: "panel status-panel your-turn cut-choice" },
      h("p", { class: "status", "aria-live": "polite" }, t("cutchoice.you_choose", { card: cardText(last[chooser]), other: cardText(last[1 - chooser]) })),
      h("div", { class: "buttons" },
        choiceButton(t("cutchoice.deal"), "deal-first", true, ctl, true),
        choiceButton(t("cutchoice.let_deal", { name: other }), "let-deal", false, ctl, false)));
  } else {
    choice = h("div", { class: "panel status-panel cut-choice" },
      h("p", { class: "status", "aria-live": "polite" }, h("span", { class: "thinking" }), t("cutchoice.waiting", { name: seatName(state, chooser) })));
  }
  return empty ? h("div", { class: "cut-choice-wait" }, choice, invitePanel(ctl)) : choice;
}
