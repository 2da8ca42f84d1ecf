// @ts-check
// The Resign button beside a live table (two players, three, teams) and the dialog that confirms
// it. The dialog is a modal <dialog> of the page, outside the table's element that every event
// redraws, so an event arriving while the player decides leaves it open; Escape or Cancel keeps
// playing. The resignation goes to the server as POST /api/games/{id}/resign: its event comes back
// on the table's socket like any other.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, notify } from "./notices.js";
import { mayResign } from "./resignrules.js";

/**
 * @typedef {{ state: any, readOnly: boolean, mode: string, gameId: string, root: HTMLElement }} ResignScreen
 */

/**
 * The side panel's Resign button, when the reader may resign now (else nothing).
 * @param {ResignScreen} ctl
 */
export function resignBox(ctl) {
  if (!mayResign(ctl.state, ctl)) return null;
  return h("div", { class: "resign-box" },
    h("button", { type: "button", class: "btn", dataset: { name: "resign" }, onclick: () => confirmResign(ctl) }, t("btn.resign")));
}

/**
 * What resigning costs at this table, said before the player confirms.
 * @param {any} state
 */
function costKey(state) {
  if (state.mode === "teams") return "resign.text_teams";
  return state.players === 3 ? "resign.text_three" : "resign.text";
}

/**
 * Ask before resigning: Confirm resign sends it; Cancel or Escape closes the dialog and the
 * focus goes back to the Resign button.
 * @param {ResignScreen} ctl
 */
export function confirmResign(ctl) {
  const old = document.getElementById("resign-dialog");
  if (old) old.remove();
  const cancel = h("button", { type: "submit", class: "btn", value: "cancel", dataset: { name: "resign-cancel" } }, t("btn.cancel"));
  const confirm = h("button", { type: "submit", class: "btn danger", value: "resign", dataset: { name: "resign-confirm" } }, t("btn.confirm_resign"));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { id: "resign-dialog", class: "resign-dialog", "aria-labelledby": "resign-title", "aria-describedby": "resign-text" },
    h("h2", { id: "resign-title" }, t("resign.title")),
    h("p", { id: "resign-text" }, t(costKey(ctl.state))),
    h("form", { method: "dialog", class: "buttons" }, cancel, confirm)));
  dialog.addEventListener("close", () => {
    const chosen = dialog.returnValue;
    dialog.remove();
    if (chosen === "resign") {
      sendResign(ctl);
      return;
    }
    const again = /** @type {HTMLElement | null} */ (ctl.root.querySelector('[data-name="resign"]'));
    if (again) again.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  cancel.focus();  // the safe choice first: Enter does not resign by accident
}

/**
 * Send the resignation; a refusal (the game ended meanwhile, a watch link) is said in the
 * reader's language.
 * @param {ResignScreen} ctl
 */
async function sendResign(ctl) {
  try {
    await api(`/api/games/${encodeURIComponent(ctl.gameId)}/resign`, { method: "POST", body: {} });
  } catch (error) {
    notify(errorText(error), "error");
  }
}
