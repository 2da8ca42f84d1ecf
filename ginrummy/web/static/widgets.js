// Small pieces of the table screens: a button (with the reason it is off) and a link to copy.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function button(label, { onclick, disabled = false, primary = false, key = null, name = null, why = null }) {
  if (disabled && why) {
    // off, with the reason on hover and focus: aria-disabled keeps it in the Tab order
    const tip = h("span", { class: "why", role: "tooltip", id: `why-${name}` }, why);
    return h("button", { type: "button", class: ["btn", "off", primary ? "primary" : null], "aria-disabled": "true", "aria-describedby": tip.id, dataset: name ? { name } : null },
      label, key ? h("kbd", {}, key) : null, tip);
  }
  return h("button", { type: "button", class: ["btn", primary ? "primary" : null], disabled, onclick, dataset: name ? { name } : null },
    label, key ? h("kbd", {}, key) : null);
}

export function copyRow(label, url, name) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": label, dataset: { link: name } });
  const copy = h("button", { type: "button", class: "btn", onclick: () => {
    input.select();
    try {
      document.execCommand("copy");
    } catch {
      /* the selected link can still be copied by hand */
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).catch(() => {});
    copy.textContent = t("invite.copied");
  } }, t("invite.copy"));
  return h("div", { class: "copy-row" }, input, copy);
}

/** A tournament's game: the way back to the tournament's page (else nothing). */
export function tournamentLink(state) {
  if (!state.tournament) return null;
  return h("a", { class: "btn", href: `/tournaments/${encodeURIComponent(state.tournament)}`, dataset: { name: "tournament" } }, t("tournament.back"));
}
