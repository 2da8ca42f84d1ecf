// Polite messages: the server's error codes in the reader's language, shown as dismissable notices.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

const OWN_WORDS = new Set(["stale", "not_your_turn", "illegal_action", "read_only", "not_started", "game_over", "rate_limited", "busy", "too_many_connections", "storage", "not_found", "bad_token", "network", "invite_spent", "seat_replaced", "no_cut_choice", "not_your_choice"]);

/** An ApiError or a WebSocket error message ({code, message}) in words. */
export function errorText(error) {
  const code = error && error.code;
  const message = (error && error.message) || "";
  if (code === "network") return t("error.network");
  if (code === "bad_rules") return t("error.bad_rules", { message });
  if (code === "bad_name") return has(`error.bad_name.${error.reason}`) ? t(`error.bad_name.${error.reason}`) : t("error.server", { message });
  if (code === "illegal_action" && message) return `${t("error.illegal_action")} (${message})`;
  if (OWN_WORDS.has(code) && has(`error.${code}`)) return t(`error.${code}`);
  return t("error.server", { message: message || code || "?" });
}

/** A notice at the top of the screen; errors stay until dismissed or replaced, news fade. */
export function notify(text, kind = "error", seconds = kind === "error" ? 10 : 4) {
  const area = document.getElementById("notices");
  if (!area) return null;
  const item = h("div", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", {}, text),
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
