// A player's profile (/players/{username}): ratings per family, their chart, the numbers counted from the records, the last games.
import { currentAccount } from "./account.js";
import { api } from "./api.js";
import { openChallengeForm } from "./challenges.js";
import { completionRows } from "./completionrules.js";
import { accountChallenges } from "./sitenotices.js";
import { followControls } from "./friendlist.js";
import { h } from "./dom.js";
import { language, numberText, t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { ratingChart } from "./ratingchart.js";
import { ratingText } from "./ratingtext.js";
import { outcome } from "./tournamenthistory.js";

export const profileLink = (username) => `/players/${encodeURIComponent(username)}`;

/** A rate as a percentage in the reader's style ("12.5%", "12,5%"); a dash when nothing was counted. */
export function percent(rate) {
  if (rate === null || rate === undefined) return "–";
  return new Intl.NumberFormat(language() === "it" ? "it-IT" : "en-GB", { style: "percent", maximumFractionDigits: 1 }).format(rate);
}

function dateText(iso) {
  return new Date(iso).toLocaleDateString(language() === "it" ? "it-IT" : "en-GB", { year: "numeric", month: "short", day: "numeric" });
}

export class ProfileScreen {
  constructor(root, { username }) {
    this.root = root;
    this.username = username;
    this.profile = null;
    this.error = null;
    this.account = null;
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    try {
      this.account = await currentAccount();
      this.profile = await api(`/api/players/${encodeURIComponent(this.username)}`);
    } catch (error) {
      this.error = error;
    }
    this.render();
  }

  render() {
    if (!this.profile) {
      this.root.replaceChildren(h("div", { class: "lobby profile" }, h("section", { class: "panel" },
        h("h1", {}, this.username), h("p", { class: "notice error", role: "alert" }, this.error ? errorText(this.error) : t("app.loading")),
        h("p", {}, h("a", { href: "/leaderboard" }, t("board.title"))))));
      return;
    }
    const p = this.profile;
    document.title = `${p.username} – ${t("app.title")}`;
    const chart = ratingChart(p.history, p.start || null, p.ratings);
    this.root.replaceChildren(h("div", { class: "lobby profile" },
      h("section", { class: "panel intro" },
        h("h1", {}, p.username),
        h("p", { class: "muted" }, t("profile.member_since", { date: dateText(p.member_since) })),
        this.ratings(p.ratings),
        this.account && this.account.username.toLowerCase() !== p.username.toLowerCase() ? [followControls(p.username),
          h("p", {}, h("button", { type: "button", class: "btn", name: "challenge", onclick: () => this.challenge(p.username) },
            t("challenge.button", { name: p.username })))] : null),
      h("section", { class: "panel", "aria-labelledby": "history-title" },
        h("h2", { id: "history-title" }, t("profile.history")),
        chart || h("p", { class: "muted" }, t("profile.no_history"))),
      this.stats(p.stats),
      p.completion ? this.completion(p.completion) : null,
      this.lastGames(p.last_games),
      this.tournaments(p.tournaments || [])));
  }

  /** Open the challenge form; a challenge sent is followed here until it is answered. */
  challenge(username) {
    this.challenges = accountChallenges(this.account.username);
    openChallengeForm(username, (challenge) => this.challenges.follow(challenge));
  }

  ratings(ratings) {
    if (!ratings.length) return h("p", {}, t("profile.no_ratings"));
    return [h("ul", { class: "ratings" }, ratings.map((r) => h("li", { dataset: { family: r.family } },
      h("span", { class: "family" }, t(`family.${r.family}`)), " ",
      h("strong", { class: "rating" }, ratingText(r.shown)), " ",
      h("span", { class: "muted" }, tp("profile.rated_games", r.games))))),
    ratings.some((r) => r.provisional) ? h("p", { class: "muted" }, t("profile.provisional")) : null];
  }

  stats(s) {
    const row = (key, value) => [h("dt", {}, t(`profile.stats.${key}`)), h("dd", { dataset: { stat: key } }, value)];
    const number = (value) => (value === null || value === undefined ? "–" : numberText(value));
    const knocks = Object.entries(s.knocks_by_deadwood);
    const most = Math.max(1, ...knocks.map(([, count]) => count));
    return h("section", { class: "panel", "aria-labelledby": "stats-title" },
      h("h2", { id: "stats-title" }, t("profile.stats")),
      h("dl", { class: "stats" },
        row("games", number(s.games)), row("wins", number(s.wins)), row("losses", number(s.losses)),
        row("hands", number(s.hands)), row("points_per_hand", number(s.points_per_hand)),
        row("gin_rate", percent(s.gin_rate)), row("undercut_rate", percent(s.undercut_rate)),
        row("undercut_against_rate", percent(s.undercut_against_rate)),
        row("average_hand_length", number(s.average_hand_length))),
      h("h3", {}, t("profile.knocks")),
      knocks.length ? h("ul", { class: "knock-bars" }, knocks.map(([deadwood, count]) => h("li", {},
        h("span", { class: "knock-label" }, tp("profile.knock_row", Number(deadwood), { knocks: numberText(count) })),
        h("span", { class: "knock-bar", style: { width: `${Math.round((count / most) * 100)}%` }, "aria-hidden": "true" }))))
        : h("p", { class: "muted" }, t("profile.knocks_none")));
  }

  /** Games played to the end, resigned and left, and the share finished (the server counts them). */
  completion(c) {
    return h("section", { class: "panel", "aria-labelledby": "completion-title" },
      h("h2", { id: "completion-title" }, t("profile.completion")),
      h("dl", { class: "stats completion" }, completionRows(c).map(([key, value]) => [
        h("dt", {}, t(`profile.completion.${key}`)), h("dd", { dataset: { completion: key } }, value)])),
      h("p", { class: "muted" }, t("profile.completion.note"),
        c.new_player ? [" ", t("profile.completion.new", { count: c.new_player_games })] : null, " ",
        h("a", { href: "/rules#leavers" }, t("profile.completion.rules"))));
  }

  /** The newest tournaments the player entered: each links to its page, with the player's place once it is over. */
  tournaments(list) {
    return h("section", { class: "panel", "aria-labelledby": "tournaments-title" },
      h("h2", { id: "tournaments-title" }, t("profile.tournaments")),
      list.length ? h("ul", { class: "game-list tournament-history" }, list.map((item) => {
        const { key, params } = outcome(item);
        return h("li", { class: "game-item", dataset: { tournament: item.id } },
          h("div", { class: "game-main" },
            h("a", { class: "game-title", href: item.link }, item.name),
            h("span", { class: "muted" }, [dateText(item.date), t(`tournament.format.${item.format}`),
              item.table_size > 2 ? t(`tournaments.table_size.${item.table_size}`) : null].filter(Boolean).join(" · "))),
          h("span", { class: "game-status" }, t(key, params)));
      }))
        : h("p", { class: "muted" }, t("profile.no_tournaments")));
  }

  lastGames(games) {
    const result = (won) => t(won === true ? "profile.won" : won === false ? "profile.lost" : "profile.drawn");
    const who = (other) => (other.username ? h("a", { href: profileLink(other.username) }, other.username)
      : other.kind === "computer" ? other.name : t("profile.guest"));
    return h("section", { class: "panel", "aria-labelledby": "last-title" },
      h("h2", { id: "last-title" }, t("profile.last_games")),
      games.length ? h("ul", { class: "game-list last-games" }, games.map((game) => h("li", { class: "game-item", dataset: { game: game.game_id } },
        h("div", { class: "game-main" },
          h("span", { class: "game-title" }, result(game.won), " · ", t("profile.against"), " ",
            game.opponents.map((other, i) => [i ? ", " : "", who(other)])),
          h("span", { class: "muted" }, [dateText(game.finished_at), game.family ? t(`family.${game.family}`) : null,
            t(game.rated ? "profile.rated" : "profile.casual")].filter(Boolean).join(" · "))),
        h("span", { class: "game-score" }, (game.totals || []).join(" – ")),
        h("span", { class: "game-actions" }, h("a", { class: "btn small", href: game.links.replay }, t("profile.replay"))))))
        : h("p", { class: "muted" }, t("profile.no_games")));
  }
}
