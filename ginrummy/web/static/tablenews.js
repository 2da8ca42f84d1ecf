// @ts-check
// News that must reach a player wherever they look: their turn and a rematch offer. A notice at
// the top of the screen (role=status) when the table's panel is out of sight, and the browser's
// notification when the tab is hidden and the player turned notifications on (attention.js
// decides which); the switch for those notifications, asked for only by its button.
import { newsBetween, newsChannel } from "./attention.js";
import { seatName } from "./describe.js";
import { h, store } from "./dom.js";
import { t } from "./i18n.js";
import { clearNotices, notify } from "./notices.js";
import { button } from "./widgets.js";

const WANTED = "gin.notify";

/** The browser's notifications, if it has them. */
function notifications() {
  return typeof window !== "undefined" && "Notification" in window ? window.Notification : null;
}

/** Who offers me a rematch now (null: nobody), at a finished game between people. */
function offerFrom(ctl) {
  const state = ctl.state;
  if (!state || ctl.readOnly || ctl.mode !== "play" || ctl.multi || state.stage !== "over" || state.kind !== "friend") return null;
  const me = state.you;
  const said = state.rematch || { offers: [], game_id: null };
  if (me === null || me === undefined || said.game_id || !said.offers.includes(1 - me) || said.offers.includes(me)) return null;
  return seatName(state, 1 - me);
}

/** Whether the element's top and bottom are both on the screen. */
function inSight(el) {
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

/** Tell the news since the last call: called after each drawing of the table. */
export function tellNews(ctl) {
  const moment = { myTurn: Boolean(ctl.myTurn), offerFrom: offerFrom(ctl) };
  const news = newsBetween(ctl.newsMoment || null, moment);
  if (ctl.newsMoment && ctl.newsMoment.offerFrom && !moment.offerFrom) clearNotices("offer");
  if (!moment.myTurn) clearNotices("turn");
  ctl.newsMoment = moment;
  for (const item of news) tell(ctl, item, moment);
}

function tell(ctl, news, moment) {
  const hidden = document.visibilityState === "hidden";
  const api = notifications();
  const channel = newsChannel({ hidden, wanted: Boolean(store.get(WANTED, false)), permission: api ? api.permission : "denied" });
  const text = news === "turn" ? t("notice.your_turn") : t("rematch.offer", { name: moment.offerFrom });
  if (channel === "system" && api) {
    try {
      const shown = new api(t("app.title"), { body: text, tag: `gin-${ctl.gameId}-${news}` });
      shown.onclick = () => window.focus();
    } catch {
      /* a browser that only notifies from a service worker: the page's notice below still says it */
    }
  }
  if (news === "offer") {
    notify(text, "offer", 0, [
      { label: t("btn.rematch_accept"), primary: true, name: "notice-rematch", onclick: () => ctl.rematch() },
      { label: t("btn.rematch_decline"), name: "notice-rematch-decline", onclick: () => ctl.rematch(true) },
    ]);
  } else if (hidden || !inSight(ctl.root.querySelector(".felt .panel"))) {
    notify(text, "turn", 0, [{ label: t("notice.show"), primary: true, name: "notice-turn", onclick: () => showPanel(ctl) }]);
  }
}

/** Bring the table's panel (and the hand under it) into sight. */
function showPanel(ctl) {
  const panel = ctl.root.querySelector(".felt .panel");
  if (panel) panel.scrollIntoView({ block: "center" });
}

/** The switch of the browser's notifications (a hidden tab is told the turn and offers): asks
 * the browser's permission only when pressed; none where the browser blocks them. */
export function notifyToggle(ctl) {
  const api = notifications();
  if (!api || ctl.readOnly || ctl.mode !== "play" || api.permission === "denied") return null;
  const on = Boolean(store.get(WANTED, false)) && api.permission === "granted";
  const toggle = button(t("notify.turn"), {
    name: "notify",
    onclick: async () => {
      if (on) store.set(WANTED, false);
      else store.set(WANTED, (api.permission === "granted" ? "granted" : await api.requestPermission()) === "granted");
      ctl.render();
    },
  });
  toggle.setAttribute("aria-pressed", String(on));
  toggle.title = t("notify.title");
  return toggle;
}
