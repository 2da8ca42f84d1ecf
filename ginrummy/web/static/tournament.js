// A tournament's page: its rules, who entered, each round's tables with their results and games, the standings; entering, leaving, and the organiser's early start or calling it off.
import { currentAccount } from "./account.js";
import { api } from "./api.js";
import { clockRules } from "./clockview.js";
import { bracketPanel } from "./bracket.js";
import { rulesSummary } from "./describe.js";
import { h } from "./dom.js";
import { numberText, t, tp } from "./i18n.js";
import { errorText } from "./notices.js";

const REFRESH_MS = 3000; // asking again, only while the page's socket is closed
const LIVE = ["entering", "playing"];

/** A player's name as this reader says it: a computer entrant by its number and level. */
function who(player, level) {
  return player.computer ? t("tournament.computer", { number: player.computer, level }) : player.name;
}

const same = (a, b) => Boolean(a && b) && a.name === b.name && a.computer === b.computer;

/** A table's points with the winner's (or the winning pair's) first: "101–63", "101 a 63" in Italian; a table of three: the others after it in seat order. */
function winnerFirst(table) {
  const teams = table.seats.length === 4; // R34: seats 0 and 2 against 1 and 3
  const seat = table.seats.findIndex((player) => same(player, table.winner));
  const won = teams ? seat % 2 : seat;
  const others = teams ? [table.points[1 - won]] : table.points.filter((_, i) => i !== won); // a pair's total at both its seats
  if (others.length === 1) return t("tournament.score", { won: table.points[won], lost: others[0] });
  return [table.points[won], ...others].join("–");
}

export class TournamentScreen {
  constructor(root, { id }) {
    this.root = root;
    this.id = id;
    this.view = null;
    this.account = null;
    this.notice = null;
    this.timer = null;
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    this.account = await currentAccount();
    await this.load();
    if (this.view && LIVE.includes(this.view.status)) this.connect();
  }

  async load() {
    try {
      this.view = await api(`/api/tournaments/${encodeURIComponent(this.id)}`);
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
    clearTimeout(this.timer);
    const open = this.socket && this.socket.readyState === WebSocket.OPEN;
    if (!open && !this.closed && (!this.view || LIVE.includes(this.view.status))) {
      this.timer = setTimeout(() => this.load(), REFRESH_MS);
    }
  }

  // The tournament's socket sends its view at once and after each change; while it is closed the page asks every few seconds.
  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/tournaments/${encodeURIComponent(this.id)}`);
    this.socket = socket;
    socket.addEventListener("open", () => { this.attempt = 0; clearTimeout(this.timer); });
    socket.addEventListener("message", (event) => {
      let message = null;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type !== "tournament") return;
      this.view = message.tournament;
      this.render();
      if (!LIVE.includes(this.view.status)) socket.close();
    });
    socket.addEventListener("close", () => {
      if (this.closed || !this.view || !LIVE.includes(this.view.status)) return;
      this.attempt += 1;
      this.load();
      setTimeout(() => this.connect(), Math.min(30000, 1000 * 2 ** this.attempt));
    });
  }

  async act(path, method) {
    this.notice = null;
    try {
      this.view = await api(`/api/tournaments/${encodeURIComponent(this.id)}${path}`, { method, body: {} });
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
  }

  render() {
    const view = this.view;
    if (!view) {
      this.root.replaceChildren(h("div", { class: "lobby" }, h("p", { class: "notice error", role: "alert" }, this.notice || t("error.unknown"))));
      return;
    }
    this.root.replaceChildren(h("div", { class: "lobby tournament" },
      h("section", { class: "panel intro" },
        h("h1", {}, view.name),
        h("p", { class: "tournament-status", role: "status" }, this.statusText()),
        h("p", {}, t(`tournament.format.${view.format}`), " · ", tp("tournament.size", view.size), " · ",
          view.table_size > 2 ? `${t(`tournaments.table_size.${view.table_size}`)} · ` : "",
          rulesSummary(view.rules, true, view.team_target).join(" · "), view.clock ? ` · ${clockRules(view.clock)}` : ""),
        h("p", { class: "muted" }, t("tournament.organiser", { name: view.organiser }), " · ",
          view.fill ? t("tournament.fill", { level: view.level }) : t("tournament.no_fill")),
        this.actions()),
      this.notice ? h("p", { class: "notice error", role: "alert" }, this.notice) : null,
      view.standings.length ? this.standingsPanel() : this.entrantsPanel(),
      view.format === "knockout" && view.round_list.length ? bracketPanel(view, (player) => who(player, view.level)) : null,
      view.round_list.map((round) => this.roundPanel(round)).reverse()));
  }

  statusText() {
    const view = this.view;
    if (view.status === "entering") {
      return view.starts_at ? t("tournament.entering_until", { time: new Date(view.starts_at).toLocaleTimeString() })
        : t("tournament.entering_full");
    }
    if (view.status === "playing") return t("tournament.playing", { round: view.current_round, rounds: view.round_count });
    if (view.status === "over") return t("tournament.over", { name: view.winner ? who(view.winner, view.level) : "" });
    return t(view.status === "called_off" ? "tournament.called_off" : "tournament.cancelled");
  }

  mine() {
    return Boolean(this.account) && this.view.entrants.some((e) => !e.computer && e.name === this.account.username);
  }

  isMe(player) {
    return Boolean(this.account) && !player.computer && player.name === this.account.username;
  }

  actions() {
    const view = this.view;
    if (view.status !== "entering") return null;
    if (!this.account) return h("p", { class: "muted" }, t("tournament.sign_in"));
    const buttons = [this.mine()
      ? h("button", { type: "button", class: "btn", onclick: () => this.act("/entry", "DELETE") }, t("tournament.leave"))
      : h("button", { type: "button", class: "btn primary", onclick: () => this.act("/entry", "POST") }, t("tournament.enter"))];
    if (view.organiser_is_player && view.organiser === this.account.username) {
      buttons.push(h("button", { type: "button", class: "btn", onclick: () => this.act("/start", "POST") }, t("tournament.start_now")),
        h("button", { type: "button", class: "btn", dataset: { name: "call-off" }, onclick: () => { if (confirm(t("tournament.call_off_confirm"))) this.act("", "DELETE"); } }, t("tournament.call_off")));
    }
    return h("p", { class: "buttons" }, buttons);
  }

  entrantsPanel() {
    const entrants = this.view.entrants;
    return h("section", { class: "panel", "aria-labelledby": "entrants-title" },
      h("h2", { id: "entrants-title" }, tp("tournament.entrants", entrants.length)),
      entrants.length ? h("ol", {}, entrants.map((e) => h("li", {}, who(e, this.view.level)))) : h("p", { class: "muted" }, t("tournament.nobody")));
  }

  standingsPanel() {
    const knockout = this.view.format === "knockout";
    const duplicate = this.view.format === "duplicate";
    /** @type {[string, (s: any) => string][]} */
    const columns = [["place", (s) => numberText(s.place)], ["player", () => ""],
      ...(duplicate ? [["duplicate", (s) => numberText(s.duplicate)]] : []), ["score", (s) => numberText(s.score)],
      ["wins", (s) => numberText(s.wins)], ...(knockout ? [] : [["buchholz", (s) => numberText(s.buchholz)]]),
      ["points", (s) => `${numberText(s.points_for)}–${numberText(s.points_against)}`]];
    return h("section", { class: "panel", "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title" }, t("tournament.standings")),
      // on a phone each row is drawn on two lines (site.css): the roles keep it a table for screen readers
      h("table", { class: "standings", role: "table", "aria-labelledby": "standings-title" },
        h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, columns.map(([key]) => h("th", { scope: "col", role: "columnheader" }, t(`tournament.col.${key}`))))),
        h("tbody", { role: "rowgroup" }, this.view.standings.map((s) => h("tr", { role: "row" }, columns.map(([key, value]) => (key === "player"
          ? h("th", { scope: "row", role: "rowheader" }, h("span", { class: "who" }, who(s.player, this.view.level)))
          : h("td", { role: "cell", class: `col-${key}`, dataset: { label: t(`tournament.col.${key}`) } }, value(s)))))))),
      this.view.table_size === 3 ? h("p", { class: "muted three-help" }, t("tournament.three_help")) : null,
      this.view.table_size === 4 ? h("p", { class: "muted teams-help" }, t("tournament.teams_help")) : null);
  }

  roundPanel(round) {
    const level = this.view.level;
    return h("section", { class: "panel", "aria-labelledby": `round-${round.number}` },
      h("h2", { id: `round-${round.number}` }, t("tournament.round", { number: round.number })),
      h("ul", { class: "game-list" }, round.tables.map((table) => {
        const playing = table.seats.some((player) => this.isMe(player));
        const teams = table.seats.length === 4; // R34: seats 0 and 2 against 1 and 3
        const pair = (a, b) => t("tournament.pair", { a: who(a, level), b: who(b, level) });
        const winners = () => {
          const side = table.seats.findIndex((p) => same(p, table.winner)) % 2;
          return pair(table.seats[side], table.seats[side + 2]);
        };
        const result = table.held ? t("tournament.result_held")
          : !table.winner ? t("tournament.in_play")
          : teams ? t("tournament.won_pair", { names: winners(), points: winnerFirst(table) })
          : t("tournament.won", { name: who(table.winner, level), points: winnerFirst(table) });
        const name = (text) => h("span", { class: "who" }, text); // a name breaks only between names
        const title = teams ? `${pair(table.seats[0], table.seats[2])} – ${pair(table.seats[1], table.seats[3])}`
          : table.seats.map((player, i) => [i ? " – " : "", name(who(player, level))]);
        const mine = playing && !table.winner && !table.held;
        const watchable = mine || this.view.format !== "duplicate"; // a duplicate round's games are its players' alone
        const link = table.game_id && watchable ? h("a", { class: mine ? "btn primary small" : "btn small",
          href: mine ? `/play/${table.game_id}` : `/watch/${table.game_id}` }, mine ? t("tournament.play") : t("lobby.watch")) : null;
        return h("li", { class: "game-item" },
          h("div", { class: "game-main" }, h("span", { class: "game-title" }, title),
            h("span", { class: "muted" }, result)),
          h("span", { class: "game-actions" }, link));
      })),
      round.byes.length ? h("p", { class: "muted" }, t("tournament.bye", { names: round.byes.map((player) => who(player, level)).join(", ") })) : null);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
