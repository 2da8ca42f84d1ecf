// The lobby: open games anyone may join with one click, games being played to watch, how many are online; live over /ws/lobby.
import { currentAccount } from "./account.js";
import { api } from "./api.js";
import { openChallengeForm } from "./challenges.js";
import { CHAT_ERRORS, chatBox, chatReceived, keepChatFocus, newChat } from "./chatbox.js";
import { rulesSummary, seatName } from "./describe.js";
import { clockRules } from "./clockview.js";
import { adjournedWords } from "./adjourned.js";
import { h, store } from "./dom.js";
import { t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { OnlinePanel } from "./online.js";
import { QuickMatchPanel } from "./quickmatch.js";
import { ratingText } from "./ratingtext.js";
import { TournamentsPanel } from "./tournamentlist.js";
import { accountChallenges, siteNews } from "./sitenotices.js";

const PING_MS = 25000;

export class LobbyScreen {
  constructor(root) {
    this.root = root;
    this.entries = new Map();
    /** How many games each list holds on the server (the page shows the first pages of them). */
    this.counts = { open: 0, playing: 0 };
    this.pages = 1;
    this.online = 0;
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    this.notice = null;
    this.name = store.get("gin.name", "");
    this.quick = new QuickMatchPanel(() => this.playerName());
    this.chat = newChat();
    this.tournaments = new TournamentsPanel();
    this.players = new OnlinePanel();
    this.account = null;
    /** @type {import("./challenges.js").ChallengeNotices | null} the signed-in reader's challenges, told live by the socket */
    this.challenges = null;
    this.mode = "lobby";
    this.readOnly = false;
    this.connection = { send: (message) => this.send(message) };
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** The name to sit under: a signed-in player's account name, else the one typed (kept for next time). */
  playerName() {
    if (this.account) return this.account.username;
    store.set("gin.name", (this.name || "").trim());
    return (this.name || "").trim() || t("new.name_placeholder");
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    this.account = await currentAccount();
    try {
      this.apply({ type: "lobby", ...(await api("/api/lobby")) });
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
    this.connect();
    this.quick.start();
    this.tournaments.start(this.account);
    if (this.account) {
      const notices = accountChallenges(this.account.username);
      this.challenges = notices;
      this.players.me = this.account.username;
      this.players.challenge = (username) => openChallengeForm(username, (challenge) => notices.show(challenge));
    }
    this.players.start();
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
    this.socket = socket;
    socket.addEventListener("open", () => { this.attempt = 0; });
    socket.addEventListener("message", (event) => {
      let message = null;
      try { message = JSON.parse(event.data); } catch { return; }
      this.apply(message);
      keepChatFocus(this.root, () => this.render());
    });
    socket.addEventListener("close", () => {
      clearInterval(this.pinger);
      if (this.closed) return;
      this.attempt += 1;
      setTimeout(() => this.connect(), Math.min(30000, 500 * 2 ** this.attempt));
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
  }

  apply(message) {
    if (["chat", "chat_history", "chat_shown"].includes(message.type)) {
      chatReceived(this.chat, message);
      return;
    }
    if (message.type === "error" && [...CHAT_ERRORS, "sign_in_to_chat", "account_banned"].includes(message.code)) {
      this.chat.notice = errorText({ ...message, retryAfter: message.retry_after });
      return;
    }
    if (message.type === "tournaments") {
      this.tournaments.show(message.tournaments);
      return;
    }
    if (siteNews(message)) return; // a challenge, a tournament's game, a friend online
    if (message.type === "lobby") {
      this.entries = new Map([...message.open, ...message.playing, ...(message.adjourned || [])].map((entry) => [entry.game_id, entry]));
      this.pages = 1;
      if (message.tournaments) this.tournaments.show(message.tournaments); // the socket's snapshot has them
    } else if (message.type === "lobby_update") {
      for (const entry of message.changed) this.entries.set(entry.game_id, entry);
      for (const id of message.gone) this.entries.delete(id);
    } else {
      return;
    }
    if (message.open_count !== undefined) this.counts = { open: message.open_count, playing: message.playing_count };
    this.online = message.online;
    this.players.countChanged(message.online);
  }

  /** The lists' next page, added to what the page shows. */
  async more() {
    try {
      const page = await api(`/api/lobby?page=${this.pages}`);
      for (const entry of [...page.open, ...page.playing, ...(page.adjourned || [])]) this.entries.set(entry.game_id, entry);
      this.counts = { open: page.open_count, playing: page.playing_count };
      this.pages += 1;
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
  }

  /** A "show more" button under a list that the server holds more of than the page shows. */
  moreButton(shown, count, label) {
    return count > shown ? h("button", { type: "button", class: "btn small lobby-more", onclick: () => this.more() },
      t(label, { shown: String(shown), count: String(count) })) : null;
  }

  render() {
    const all = [...this.entries.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    const open = all.filter((entry) => entry.open.length);
    const playing = all.filter((entry) => !entry.open.length && entry.stage !== "waiting" && !entry.adjourned);
    const adjourned = all.filter((entry) => entry.adjourned); // nobody at the table (adjourned.js)
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
    const active = document.activeElement;
    const selection = caret(active);
    this.root.replaceChildren(h("div", { class: "lobby" },
      h("section", { class: "panel intro" },
        h("h1", {}, t("lobby.title")),
        h("p", { class: "online", "aria-live": "polite" }, tp("lobby.online", this.online)),
        h("p", {}, t("lobby.intro"), " ", h("a", { href: "/?opponent=anyone" }, t("lobby.create"))),
        h("p", { class: "daily-link" }, h("a", { href: "/daily" }, t("daily.link"))),
        this.account ? null : h("label", { class: "field" }, h("span", {}, t("new.name")),
          h("input", { name: "name", maxlength: 40, autocomplete: "nickname", value: this.name,
            placeholder: t("new.name_placeholder"), dataset: { focus: "name" },
            oninput: (event) => { this.name = event.target.value; } }))),
      this.notice ? h("p", { class: "notice error", role: "alert" }, this.notice) : null,
      this.quick.el,
      this.players.el,
      h("section", { class: "panel lobby-chat", "aria-label": t("lobby.chat_title") },
        chatBox(this, { title: t("lobby.chat_title"), note: t("lobby.chat_note"),
          mayNotSay: this.account ? null : t("lobby.chat_sign_in") })),
      h("section", { class: "panel", "aria-labelledby": "open-title" },
        h("h2", { id: "open-title" }, t("lobby.open")),
        open.length ? h("ul", { class: "game-list lobby-list" }, open.map((entry) => this.openItem(entry)))
          : h("p", { class: "muted" }, t("lobby.none_open")),
        this.moreButton(open.length, this.counts.open, "lobby.more_open")),
      this.tournaments.el,
      h("section", { class: "panel", "aria-labelledby": "playing-title" },
        h("h2", { id: "playing-title" }, t("lobby.playing")),
        playing.length ? h("ul", { class: "game-list lobby-list" }, playing.map((entry) => this.playingItem(entry)))
          : h("p", { class: "muted" }, t("lobby.none_playing")),
        this.moreButton(playing.length, this.counts.playing, "lobby.more_playing")),
      adjourned.length ? h("section", { class: "panel lobby-adjourned", "aria-labelledby": "adjourned-title" },
        h("h2", { id: "adjourned-title" }, t("lobby.adjourned")),
        h("ul", { class: "game-list lobby-list" }, adjourned.map((entry) => this.playingItem(entry)))) : null));
    if (focused) {
      const again = this.root.querySelector(`[data-focus="${focused}"]`);
      if (again) again.focus();
    } else if (active && active !== document.body && active.isConnected && document.activeElement !== active) {
      refocus(active, selection); // a field of a panel kept across renders (the tournament form): moved, not rebuilt
    }
  }

  seatWords(entry) {
    const words = entry.seats.map((seat, i) => {
      if (seat.open) return t("seat.open");
      if (seat.kind === "computer") { // its number too at a table of more ("Computer 12 (level 1)" in a tournament)
        return [seat.name ? seatName({ seats: entry.seats }, i) : t("lobby.computer", { level: entry.level }), ratingWord(seat)];
      }
      if (entry.rated && seat.name) { // a rated game's names are usernames
        return [h("a", { href: `/players/${encodeURIComponent(seat.name)}` }, seat.name), ratingWord(seat)];
      }
      return seat.name || t("seat.open");
    });
    return words.map((word, i) => [i ? " – " : "", word]);
  }

  rulesWords(entry) {
    const lines = rulesSummary(entry.rules, true, entry.players === 4 ? entry.team_target : null);
    if (entry.players === 3) lines.push(t("new.summary.three"));
    if (entry.clock) lines.push(t("clock.summary", { rules: clockRules(entry.clock) }));
    if (entry.min_completion) lines.push(t("lobby.min_completion", { minimum: entry.min_completion }));
    return lines.join(" · ");
  }

  openItem(entry) {
    const button = h("button", { type: "button", class: "btn primary small", dataset: { focus: `sit-${entry.game_id}` },
      onclick: () => this.sit(entry, button) }, t("lobby.sit"));
    return h("li", { class: "game-item lobby-open", dataset: { game: entry.game_id } },
      h("div", { class: "game-main" },
        h("span", { class: "game-title" }, this.seatWords(entry), entry.rated ? [" ", h("span", { class: "badge rated" }, t("lobby.rated"))] : null),
        h("span", { class: "muted" }, this.rulesWords(entry))),
      h("span", { class: "game-status" }, tp("lobby.places", entry.open.length)),
      h("span", { class: "game-actions" }, button));
  }

  playingItem(entry) {
    const totals = entry.totals || [];
    return h("li", { class: "game-item lobby-playing", dataset: { game: entry.game_id } },
      h("div", { class: "game-main" },
        h("span", { class: "game-title" }, this.seatWords(entry), entry.rated ? [" ", h("span", { class: "badge rated" }, t("lobby.rated"))] : null),
        h("span", { class: "muted" }, this.rulesWords(entry))),
      h("span", { class: "game-score" }, totals.join(" – ")),
      h("span", { class: "game-status" }, adjournedWords(entry) || (entry.hand_number ? t("games.hand", { number: entry.hand_number }) : "")),
      h("span", { class: "game-actions" }, h("a", { class: "btn small", href: entry.watch }, t("lobby.watch"))));
  }

  async sit(entry, button) {
    button.disabled = true;
    const name = this.playerName();
    try {
      const taken = await api(`/api/games/${encodeURIComponent(entry.game_id)}/sit`, { method: "POST", body: { name } });
      this.close();
      location.assign(`/play/${encodeURIComponent(taken.game_id)}`);
    } catch (error) {
      button.disabled = false;
      this.notice = errorText(error);
      this.render();
    }
  }

  close() {
    this.closed = true;
    this.quick.close();
    this.players.close();
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}

function ratingWord(seat) {
  if (!seat.rating) return null;
  const rating = ratingText(seat.rating);
  return [" ", h("span", { class: "seat-rating muted", title: t("lobby.rating", { rating }) },
    h("span", { class: "sr-only" }, t("lobby.rating", { rating })), h("span", { "aria-hidden": "true" }, `(${rating})`))];
}

function caret(field) {
  try {
    return field && typeof field.selectionStart === "number" ? [field.selectionStart, field.selectionEnd] : null;
  } catch { return null; } // a number field has no selection to read
}

function refocus(field, selection) {
  field.focus({ preventScroll: true });
  if (selection) {
    try { field.setSelectionRange(...selection); } catch { /* not a text field */ }
  }
}
