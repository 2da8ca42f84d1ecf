// A lobby game waiting for its players: where its open places are taken, and the creator's "send away" before the first deal.
import { seatName } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { button } from "./widgets.js";

export function lobbyPlaces(ctl) {
  const state = ctl.state;
  if (!state.listed) return null;
  const taken = state.you === 0
    ? state.seats.filter((info) => info.seat !== 0 && info.kind === "human" && info.joined && !info.ready)
    : [];
  return h("div", { class: "lobby-places" },
    h("p", {}, t("lobby.waiting_text"), " ", h("a", { href: "/lobby" }, t("lobby.title")),
      state.rated ? [" ", h("span", { class: "badge rated" }, t("lobby.rated"))] : null),
    taken.map((info) => h("p", { class: "taken-place" },
      t("lobby.taken", { name: seatName(state, info.seat) }), " ",
      button(t("lobby.send_away", { name: seatName(state, info.seat) }), { onclick: () => ctl.sendAway(info.seat), name: `send-away-${info.seat}`, disabled: !!ctl.pending }))));
}
