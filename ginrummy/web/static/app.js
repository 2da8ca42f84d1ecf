// The browser client: picks the language and the screen (home, a table, a watch link, a replay, the fair-deal check).
import { h, store } from "./dom.js";
import { LANGUAGE_NAMES, LANGUAGES, chooseLanguage, language, loadLanguage, preferredLanguage, t } from "./i18n.js";
import { DailyScreen } from "./daily.js";
import { renderHome } from "./home.js";
import { LeaderboardScreen } from "./leaderboard.js";
import { LobbyScreen } from "./lobby.js";
import { ProfileScreen } from "./profile.js";
import { TournamentScreen } from "./tournament.js";
import { ReplayScreen } from "./replay.js";
import { TableScreen } from "./table.js";
import { VerifyScreen } from "./verify.js";
import { unlockSound } from "./sound.js";
import { currentAccount } from "./account.js";
import { notifySetting, startSiteNotices } from "./sitenotices.js";

const main = document.getElementById("app");
let screen = null;

const SETTINGS = { large: "large-cards", four: "four-colour" };

function applySettings() {
  for (const [key, cls] of Object.entries(SETTINGS)) document.body.classList.toggle(cls, Boolean(store.get(`gin.${key}`, false)));
}

function renderChrome() {
  document.title = t("app.title");
  const skip = document.querySelector(".skip");
  if (skip) skip.textContent = t("app.skip");
  const lang = language();
  const setting = (key, label) => h("label", { class: "inline" },
    h("input", { type: "checkbox", name: key, checked: Boolean(store.get(`gin.${key}`, false)), onchange: (event) => {
      store.set(`gin.${key}`, event.target.checked);
      applySettings();
      if (screen && screen.render) screen.render();
    } }), label);
  const top = document.getElementById("top");
  top.replaceChildren(
    h("a", { class: "brand", href: "/" }, h("span", { class: "brand-suits", "aria-hidden": "true" }, "♠♥"), " ", t("app.title")),
    h("nav", { class: "nav", "aria-label": t("app.title") },
      h("a", { href: "/" }, t("nav.home")),
      h("a", { href: "/lobby" }, t("nav.lobby")),
      h("a", { href: "/leaderboard" }, t("nav.leaderboard")),
      h("a", { href: "/#games" }, t("nav.games")),
      h("a", { href: `/rules?lang=${lang}` }, t("nav.rules")),
      h("a", { href: `/tips?lang=${lang}` }, t("nav.tips")),
      h("a", { href: `/faq?lang=${lang}` }, t("nav.faq"))),
    h("div", { class: "tools" },
      h("label", { class: "inline lang" }, h("span", { class: "sr-only" }, t("nav.language")),
        h("select", { name: "language", "aria-label": t("nav.language"), onchange: (event) => switchLanguage(event.target.value) },
          LANGUAGES.map((code) => h("option", { value: code, selected: code === lang }, LANGUAGE_NAMES[code])))),
      h("details", { class: "display" },
        h("summary", {}, t("nav.settings")),
        h("div", { class: "menu" },
          setting("large", t("settings.large_cards")),
          setting("four", t("settings.four_colour")),
          h("label", { class: "inline" }, t("settings.speed"),
            h("select", { name: "speed", onchange: (event) => store.set("gin.speed", event.target.value) },
              ["normal", "fast", "off"].map((speed) => h("option", { value: speed, selected: speed === store.get("gin.speed", "normal") }, t(`settings.speed.${speed}`))))),
          h("label", { class: "inline" },
            h("input", { type: "checkbox", name: "sound", checked: Boolean(store.get("gin.sound", false)), onchange: (event) => {
              store.set("gin.sound", event.target.checked);
              if (event.target.checked) unlockSound();
            } }), t("settings.sound")),
          notifySetting(),
          h("button", { type: "button", class: "btn small", onclick: () => keysDialog().showModal() }, t("settings.keys"))))));
}

function keysDialog() {
  let dialog = document.getElementById("keys-dialog");
  if (dialog) dialog.remove();
  dialog = h("dialog", { id: "keys-dialog", "aria-labelledby": "keys-title" },
    h("h2", { id: "keys-title" }, t("keys.title")),
    ["keys.cards", "keys.draw", "keys.knock", "keys.sort"].map((key) => h("p", {}, t(key))),
    h("form", { method: "dialog" }, h("button", { type: "submit", class: "btn primary" }, t("btn.close"))));
  document.body.append(dialog);
  return dialog;
}

async function switchLanguage(lang) {
  await chooseLanguage(lang);
  renderChrome();
  keysDialog();
  if (screen && screen.render) screen.render();
  else if (!screen) renderHome(main);
}

function route() {
  const path = location.pathname;
  const play = path.match(/^\/play\/([^/]+)\/?$/);
  const watch = path.match(/^\/watch\/([^/]+)\/?$/);
  const tournament = path.match(/^\/tournaments\/([^/]+)\/?$/);
  const player = path.match(/^\/players\/([^/]+)\/?$/);
  const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  if (path === "/lobby" || path === "/lobby/") {
    screen = new LobbyScreen(main);
  } else if (tournament) {
    screen = new TournamentScreen(main, { id: decodeURIComponent(tournament[1]) });
  } else if (path === "/leaderboard" || path === "/leaderboard/") {
    screen = new LeaderboardScreen(main);
  } else if (path === "/daily" || path === "/daily/") {
    screen = new DailyScreen(main);
  } else if (player) {
    screen = new ProfileScreen(main, { username: decodeURIComponent(player[1]) });
  } else if (path === "/verify" || path === "/verify/") {
    screen = new VerifyScreen(main, { gameId: new URLSearchParams(location.search).get("game"), token });
  } else if (play && new URLSearchParams(location.search).has("replay")) {
    screen = new ReplayScreen(main, { gameId: decodeURIComponent(play[1]), token });
  } else if (play) {
    screen = new TableScreen(main, { gameId: decodeURIComponent(play[1]), mode: "play", token });
  } else if (watch) {
    screen = new TableScreen(main, { gameId: decodeURIComponent(watch[1]), mode: "watch", token });
  } else {
    screen = null;
    renderHome(main);
    return;
  }
  screen.start();
}

async function boot() {
  applySettings();
  try {
    await loadLanguage(preferredLanguage());
  } catch {
    await loadLanguage("en").catch(() => {});
  }
  renderChrome();
  keysDialog();
  route();
  currentAccount().then(startSiteNotices);
}

boot();
