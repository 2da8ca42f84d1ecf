// @ts-check
// The account panel's lists of players (muted, followed, blocked): read when their section
// opens, each row with a button that ends it and reads the list again.
import { api } from "./api.js";
import { h } from "./dom.js";
import { errorText } from "./notices.js";

/**
 * @template T
 * @typedef {{
 *   section: string, listClass: string, title: string, note: string, none: () => string,
 *   read: () => Promise<T[]>, row: (one: T, remove: HTMLElement) => HTMLElement,
 *   removal: (one: T) => { url: string, label: string }
 * }} ListSpec  `section`: the classes of its <details>; `removal`: the DELETE that ends a row.
 */

/**
 * @template T
 * @param {ListSpec<T>} spec
 */
export function removableList(spec) {
  const list = h("ul", { class: spec.listClass });
  const failed = h("p", { class: "notice error", role: "alert", hidden: true });
  /** @param {unknown} failure */
  const shown = (failure) => {
    failed.textContent = errorText(failure);
    failed.hidden = false;
  };
  /** @param {T} one */
  const remove = (one) => {
    const { url, label } = spec.removal(one);
    return h("button", { type: "button", class: "link-button", onclick: async () => {
      try {
        await api(url, { method: "DELETE" });
        await load();
      } catch (failure) {
        shown(failure);
      }
    } }, label);
  };
  const load = async () => {
    failed.hidden = true;
    try {
      const rows = await spec.read();
      list.replaceChildren(...(rows.length ? rows.map((one) => spec.row(one, remove(one)))
        : [h("li", { class: "muted" }, spec.none())]));
    } catch (failure) {
      shown(failure);
    }
  };
  return h("details", { class: spec.section, ontoggle: (/** @type {Event} */ event) => {
    if (/** @type {HTMLDetailsElement} */ (event.target).open) load();
  } }, h("summary", {}, spec.title), h("p", { class: "muted" }, spec.note), list, failed);
}
