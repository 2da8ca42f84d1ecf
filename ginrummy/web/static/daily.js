// @ts-check
// The daily deal (/daily, PROTOCOL.md "The daily deal"): today's commitment, Play, today's
// leaderboard, and yesterday's revealed seed with the replay of its best game. The decisions are
// plain functions (tests/js/daily.test.mjs); DailyScreen draws them.
import { api } from "./api.js";
import { h } from "./dom.js";
import { language, numberText, t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { profileLink } from "./profile.js";

/**
 * @typedef {{ rank: number, username: string, points: number }} Line
 * @typedef {{ game_id: string, status: "playing" | "over" | "closed", points: number | null,
 *   rank?: number | null, links: { play?: string, replay?: string } }} Yours
 * @typedef {{ username: string, points: number, game_id: string,
 *   links: { replay: string, verify: string } }} Best
 * @typedef {{ day: string, commitment: string, server_seed: string, players: number,
 *   best: Best | null, you: Yours | null }} Yesterday
 * @typedef {{ day: string, commitment: string, ends_at: string, level: number, hands: number,
 *   signed_in: boolean, you: Yours | null,
 *   leaderboard: { players: Line[], total: number }, yesterday: Yesterday | null }} Daily
 */

/**
 * Points as the leaderboard shows them: "+12", "0", "−7" in the reader's language.
 * @param {number} points
 * @param {string} [lang]
 */
export function pointsText(points, lang = language()) {
  return new Intl.NumberFormat(lang === "it" ? "it-IT" : "en-GB", { signDisplay: "exceptZero" }).format(points);
}

/**
 * What the reader may do with today's deal: sign in, play it, go back to it, or see its result.
 * @param {Pick<Daily, "signed_in" | "you">} daily
 * @returns {"sign_in" | "play" | "playing" | "over" | "closed"}
 */
export function todayChoice(daily) {
  if (!daily.signed_in) return "sign_in";
  if (!daily.you) return "play";
  return daily.you.status;
}

/**
 * Hours and minutes until the day ends (never below zero).
 * @param {string} endsAt
 * @param {number} nowMs
 */
export function timeLeft(endsAt, nowMs) {
  const left = Math.max(0, Date.parse(endsAt) - nowMs);
  const minutes = Math.ceil(left / 60000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The sentence about the reader's own game of a day (null: none).
 * @param {Yours | null} yours
 */
export function yoursText(yours) {
  if (!yours) return null;
  if (yours.status === "over" && yours.points !== null) {
    return yours.rank ? t("daily.yours_ranked", { points: pointsText(yours.points), rank: numberText(yours.rank) })
      : t("daily.yours_points", { points: pointsText(yours.points) });
  }
  return yours.status === "closed" ? t("daily.yours_closed") : t("daily.yours_playing");
}

export class DailyScreen {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Daily | null} */
    this.daily = null;
    /** @type {unknown} */
    this.error = null;
    this.busy = false;
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    await this.load();
  }

  async load() {
    try {
      this.daily = await api("/api/daily");
      this.error = null;
    } catch (error) {
      this.error = error;
    }
    this.render();
  }

  async play() {
    if (this.busy) return;
    this.busy = true;
    try {
      const made = await api("/api/daily", { method: "POST", body: {} });
      location.href = made.links.play;
    } catch (error) {
      this.error = error;
      this.busy = false;
      await this.load();
    }
  }

  render() {
    document.title = `${t("daily.title")} – ${t("app.title")}`;
    const daily = this.daily;
    this.root.replaceChildren(h("div", { class: "lobby leaderboard daily" },
      h("section", { class: "panel intro", "aria-labelledby": "daily-title" },
        h("h1", { id: "daily-title" }, t("daily.title")),
        daily ? h("p", {}, t("daily.intro", { level: numberText(daily.level), hands: numberText(daily.hands) })) : null,
        daily ? commitmentLine(t("daily.commitment"), daily.commitment) : null,
        daily ? h("p", { class: "muted" }, t("daily.reveal_in", timeLeft(daily.ends_at, Date.now()))) : null,
        daily ? this.choice(daily) : null),
      this.error ? h("p", { class: "notice error", role: "alert" }, errorText(this.error)) : null,
      daily ? board(daily) : null,
      daily ? yesterday(daily.yesterday) : null));
  }

  /** @param {Daily} daily */
  choice(daily) {
    const choice = todayChoice(daily);
    if (choice === "sign_in") return h("p", { class: "daily-choice" }, t("daily.sign_in"), " ", h("a", { href: "/" }, t("daily.sign_in_link")));
    if (choice === "play") {
      return h("p", { class: "daily-choice" }, h("button", { type: "button", class: "btn primary", dataset: { name: "daily-play" },
        disabled: this.busy, onclick: () => this.play() }, t("daily.play")));
    }
    const yours = /** @type {Yours} */ (daily.you);
    return h("p", { class: "daily-choice daily-yours" }, yoursText(yours), " ",
      choice === "playing" && yours.links.play ? h("a", { href: yours.links.play }, t("daily.back")) : null);
  }
}

/**
 * @param {string} label
 * @param {string} hex
 */
function commitmentLine(label, hex) {
  return h("p", { class: "daily-hex" }, label, " ", h("code", {}, hex));
}

/** @param {Daily} daily */
function board(daily) {
  const lines = daily.leaderboard.players;
  return h("section", { class: "panel", "aria-labelledby": "daily-board-title" },
    h("h2", { id: "daily-board-title" }, t("daily.board_title")),
    lines.length ? h("table", { class: "board" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("board.place")), h("th", { scope: "col" }, t("board.player")),
        h("th", { scope: "col" }, t("daily.points")))),
      h("tbody", {}, lines.map((line) => h("tr", { dataset: { player: line.username } },
        h("td", {}, numberText(line.rank)),
        h("td", { class: "board-name" }, h("a", { href: profileLink(line.username) }, line.username)),
        h("td", {}, pointsText(line.points))))))
      : h("p", { class: "muted" }, t("daily.board_empty")),
    daily.leaderboard.total > lines.length ? h("p", { class: "muted" }, tp("daily.board_more", daily.leaderboard.total)) : null);
}

/** @param {Yesterday | null} day */
function yesterday(day) {
  const title = h("h2", { id: "daily-yesterday-title" }, t("daily.yesterday_title"));
  if (!day) return h("section", { class: "panel daily-yesterday", "aria-labelledby": "daily-yesterday-title" }, title, h("p", { class: "muted" }, t("daily.yesterday_none")));
  const best = day.best;
  const yours = day.you;
  return h("section", { class: "panel daily-yesterday", "aria-labelledby": "daily-yesterday-title" }, title,
    commitmentLine(t("daily.yesterday_commitment"), day.commitment),
    commitmentLine(t("daily.yesterday_seed"), day.server_seed),
    best ? h("p", { class: "daily-best" }, t("daily.best", { player: best.username, points: pointsText(best.points) }), " ",
      h("a", { href: best.links.replay, dataset: { name: "daily-best-replay" } }, t("daily.replay_best")), " · ",
      h("a", { href: best.links.verify }, t("daily.verify_best")))
      : h("p", { class: "muted" }, t("daily.best_none")),
    yours ? h("p", {}, yoursText(yours), " ", yours.links.replay ? h("a", { href: yours.links.replay }, t("daily.replay_yours")) : null) : null);
}
