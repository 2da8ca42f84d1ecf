// @ts-check
// The site's notices (PROTOCOL.md "Notices"): a signed-in player's news wherever they are on
// the site — a challenge, their tournament's game, a friend coming online, a rematch offer
// away from its table — in the notice area at the top of every page (role=status, a link,
// Dismiss), and as the browser's notification when the tab is hidden and the player turned
// them on (the switch in the settings menu asks the browser's permission only when pressed).
// The lobby's and a table's sockets carry the news and hand it here (siteNews); any other page
// opens the notices' socket. The decisions are in sitenoticerules.js; the turn, and an offer
// at its own table, are told by tablenews.js.
import { newsChannel } from "./attention.js";
import { ChallengeNotices, challengeText } from "./challenges.js";
import { h, store } from "./dom.js";
import { language, t } from "./i18n.js";
import { notify } from "./notices.js";
import { friendDue, needsNoticeSocket, noticeOf, noticeWays, reopenIn } from "./sitenoticerules.js";

/** The stored switch of the browser's notifications (the table's switch is the same). */
const WANTED = "gin.notify";
/** When each friend's coming online was last told in this browser. */
const FRIENDS_TOLD = "gin.friends_told";
const PING_MS = 25000;

/** @type {ChallengeNotices | null} the signed-in reader's challenges, one set for the page */
let challenges = null;
/** @type {WebSocket | null} */
let socket = null;
let attempt = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let reopening = undefined;
/** @type {ReturnType<typeof setInterval> | undefined} */
let pinger = undefined;

/** The browser's notifications, if it has them. */
function notifications() {
  return typeof window !== "undefined" && "Notification" in window ? window.Notification : null;
}

/**
 * The page's notices for the signed-in account (null: a guest): its challenges waiting for an
 * answer are shown, and a page without a socket of its own opens the notices' socket. Called
 * again after a sign-in or a sign-out.
 * @param {{ username: string } | null} account
 */
export function startSiteNotices(account) {
  if (challenges && (!account || challenges.me !== account.username)) stopSiteNotices();
  if (!account || challenges) return;
  challenges = new ChallengeNotices(account.username);
  challenges.load();
  if (needsNoticeSocket(location.pathname, true)) openSocket();
}

function stopSiteNotices() {
  if (challenges) challenges.close();
  challenges = null;
  clearTimeout(reopening);
  clearInterval(pinger);
  const open = socket;
  socket = null;
  if (open) open.close(1000);
}

/**
 * The signed-in reader's challenges on this page (the lobby's list and a profile send theirs
 * through it, so that each is told once).
 * @param {string} username
 */
export function accountChallenges(username) {
  if (!challenges || challenges.me !== username) startSiteNotices({ username });
  return /** @type {ChallengeNotices} */ (challenges);
}

function openSocket() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const opened = new WebSocket(`${scheme}//${location.host}/ws/notices`);
  socket = opened;
  opened.addEventListener("open", () => { attempt = 0; });
  opened.addEventListener("message", (event) => {
    try {
      siteNews(JSON.parse(event.data));
    } catch {
      // not a message of ours
    }
  });
  opened.addEventListener("close", (event) => {
    if (socket !== opened) return;
    clearInterval(pinger);
    const wait = reopenIn(attempt, event.code);
    attempt += 1;
    if (wait !== null) reopening = setTimeout(openSocket, wait);
  });
  clearInterval(pinger);
  pinger = setInterval(() => {
    if (opened.readyState === WebSocket.OPEN) opened.send(JSON.stringify({ type: "ping" }));
  }, PING_MS);
}

/**
 * A message of the account's news, from whichever socket carried it: whether it was news
 * (a challenge, a tournament's game, a friend online, a turn in a game away from its page), told here.
 * @param {any} message
 * @returns {boolean}
 */
export function siteNews(message) {
  if (!message || typeof message !== "object") return false;
  if (message.type === "challenge") {
    const news = challenges ? challenges.show(message.challenge) : null;
    if (news && news.kind === "incoming") {
      systemNotice(challengeText(message.challenge, news), `gin-challenge-${message.challenge.id}`, null);
    }
    return true;
  }
  const notice = noticeOf(message, (names) => new Intl.ListFormat(language(), { type: "conjunction" }).format(names));
  if (!notice) return false;
  if (notice.kind === "friend") {
    const due = friendDue(store.get(FRIENDS_TOLD, {}) || {}, String(notice.params.name), Date.now());
    if (!due.tell) return true;
    store.set(FRIENDS_TOLD, due.told);
  }
  const ways = noticeWays(notice, { path: location.pathname, hidden: document.visibilityState === "hidden" });
  const text = t(notice.key, notice.params);
  if (ways.system) systemNotice(text, notice.tag, notice.link);
  if (ways.inPage) notify(text, notice.kind, notice.kind === "friend" ? 10 : 0,
    [{ label: t(notice.linkKey), href: notice.link, primary: notice.kind !== "friend", name: `notice-${notice.kind}` }]);
  return true;
}

/**
 * The browser's notification of `text`, when the page is hidden and the player turned them on
 * and allowed them; a click on it shows the page (and opens `link`).
 * @param {string} text
 * @param {string} tag
 * @param {string | null} link
 */
function systemNotice(text, tag, link) {
  const api = notifications();
  const channel = newsChannel({ hidden: document.visibilityState === "hidden",
    wanted: Boolean(store.get(WANTED, false)), permission: api ? api.permission : "denied" });
  if (channel !== "system" || !api) return;
  try {
    const shown = new api(t("app.title"), { body: text, tag });
    shown.onclick = () => {
      window.focus();
      if (link) location.assign(link);
    };
  } catch {
    // a browser that only notifies from a service worker: the page's notice still says it
  }
}

/** The settings menu's switch of the browser's notifications: asks the browser's permission
 * only when turned on; says so when the browser blocks them or has none. */
export function notifySetting() {
  const api = notifications();
  const note = h("span", { class: "muted notify-note", role: "status" });
  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", name: "notify",
    checked: Boolean(api && store.get(WANTED, false) && api.permission === "granted"),
    disabled: !api || api.permission === "denied",
    onchange: async () => {
      if (!api) return;
      if (!box.checked) {
        store.set(WANTED, false);
        return;
      }
      const permission = api.permission === "granted" ? "granted" : await api.requestPermission();
      box.checked = permission === "granted";
      store.set(WANTED, box.checked);
      note.textContent = permission === "denied" ? t("settings.notify_blocked") : "";
      box.disabled = permission === "denied";
    } }));
  if (!api) note.textContent = t("settings.notify_none");
  else if (api.permission === "denied") note.textContent = t("settings.notify_blocked");
  return h("label", { class: "inline notify-setting" }, box, t("settings.notify"), note);
}
