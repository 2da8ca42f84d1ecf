// The table screen's keys: arrows through the hand (Shift moves a card), Enter for the panel's
// main button, and the drawing keys of the terminal game in each language.
import { typing } from "./dom.js";
import { t } from "./i18n.js";

/** What `event` (a keydown) does at the table screen `ctl`. */
export function tableKeys(ctl, event) {
  if (typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const key = event.key;
  const card = event.target && event.target.closest && event.target.closest(".my-hand .card");
  if (card && (key === "ArrowLeft" || key === "ArrowRight")) {
    event.preventDefault();
    const cards = [...ctl.root.querySelectorAll(".my-hand .card")];
    const index = cards.indexOf(card);
    const step = key === "ArrowLeft" ? -1 : 1;
    if (event.shiftKey) {
      ctl.reorder(card.dataset.card, index + step, cards.map((el) => el.dataset.card));
    } else {
      const next = cards[(index + step + cards.length) % cards.length];
      if (next) next.focus();
    }
    return;
  }
  // Enter away from any control, or on a card that has nothing to do now (laying out, next hand)
  const idleCard = card && !ctl.cardAction(card.dataset.card);
  if (key === "Enter" && (idleCard || !(event.target && event.target.closest && event.target.closest("button, a, input, select, summary")))) {
    // Enter away from any control: the panel's main button (Lay out, Accept, Next hand)
    const main = ctl.root.querySelector(".felt .panel .btn.primary:not([disabled])");
    if (main && !ctl.readOnly) {
      event.preventDefault();
      main.click();
    }
    return;
  }
  const lower = key.length === 1 ? key.toLowerCase() : key;
  // the drawing keys are the terminal game's, in each language (T tallone, S scarti, P passo)
  const shortcuts = {
    [t("key.stock").toLowerCase()]: () => ctl.play("stock"),
    [t("key.take").toLowerCase()]: () => ctl.play("take"),
    [t("key.pass").toLowerCase()]: () => ctl.play("pass"),
    x: () => ctl.play("pass"),
    k: () => ctl.setKnockMode(!ctl.knockMode),
    g: () => { const gin = ctl.ginAction(); if (gin) ctl.play(gin); },
    b: () => ctl.play("big gin"),
    h: () => ctl.askHint(),
    n: () => ctl.ready(),
    1: () => ctl.setSort("melds"),
    2: () => ctl.setSort("rank"),
    3: () => ctl.setSort("suit"),
    "?": () => document.getElementById("keys-dialog") && document.getElementById("keys-dialog").showModal(),
    Escape: () => { if (ctl.knockMode) ctl.setKnockMode(false); },
  };
  if (ctl.readOnly && lower !== "?") return;
  const run = shortcuts[lower];
  if (run) {
    event.preventDefault();
    run();
  }
}
