// Polite messages: the server's error codes in the reader's language, shown as dismissable notices.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

/**
 * An ApiError or a WebSocket error message ({code, message}) in the reader's words. A
 * table's refusal of a move (it carries `params`) says why in the language the socket asked
 * for (`lang`): its `message` is shown. Any other `message` is English written for
 * developers (it may name cards as `6S`) and is never shown: every code the server can send
 * has its own sentence (`error.<code>`).
 */
export function errorText(error) {
  if (error && error.params && typeof error.message === "string" && error.message) return error.message;
  const code = (error && error.code) || "internal";
  const params = { ...(error && error.details), seconds: error && error.retryAfter };
  if (error && error.reason && has(`error.${code}.${error.reason}`)) return t(`error.${code}.${error.reason}`, params);
  return has(`error.${code}`) ? t(`error.${code}`, params) : t("error.unknown");
}

/**
 * A notice at the top of the screen; errors stay until dismissed or replaced, news fade.
 * `actions`: buttons before Dismiss ({label, onclick, primary, name}), or links ({label, href,
 * primary, name}); a click also removes it.
 */
export function notify(text, kind = "error", seconds = kind === "error" ? 10 : 4, actions = []) {
  const area = document.getElementById("notices");
  if (!area) return null;
  const buttons = actions.map((action) => action.href ? h("a", {
    class: ["btn", "small", action.primary ? "primary" : null], href: action.href, dataset: action.name ? { name: action.name } : null,
  }, action.label) : h("button", {
    type: "button", class: ["btn", "small", action.primary ? "primary" : null], dataset: action.name ? { name: action.name } : null,
    onclick: () => {
      item.remove();
      action.onclick();
    },
  }, action.label));
  const item = h("div", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", {}, text),
    buttons.length ? h("span", { class: "notice-actions" }, buttons) : null,
    h("button", { type: "button", class: "btn small", onclick: () => item.remove() }, t("error.dismiss")));
  for (const old of area.querySelectorAll(`.notice.${kind}`)) old.remove();
  area.append(item);
  if (seconds) setTimeout(() => item.remove(), seconds * 1000);
  return item;
}

export function clearNotices(kind = null) {
  const area = document.getElementById("notices");
  if (!area) return;
  for (const item of area.querySelectorAll(kind ? `.notice.${kind}` : ".notice")) item.remove();
}
