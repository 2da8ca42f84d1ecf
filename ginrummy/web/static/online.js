// @ts-check
// The lobby's list of who is online (GET /api/online): the signed-in players by name, each
// linking to their profile with their rating, the reader's friends first and marked with the
// game they play to watch, and how many guests. Asked for again a few seconds at most after the
// lobby socket's online count changes, and every half minute (onlinerules.js). A signed-in
// reader has a Challenge button beside every other player (challenges.js).
import { api } from "./api.js";
import { mayChallenge } from "./challengerules.js";
import { h } from "./dom.js";
import { t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { MIN_GAP_MS, catchUpIn, refreshDue } from "./onlinerules.js";
import { ratingText } from "./ratingtext.js";

/**
 * @typedef {{ username: string, profile: string, rating: string | null, friend: boolean, watch: string | null }} OnlinePlayer
 * @typedef {{ players: OnlinePlayer[], total: number, guests: number, friends_online: number, limit: number }} OnlineList
 */

const PAGE = 50;

export class OnlinePanel {
  constructor() {
    this.el = h("section", { class: "panel online-players", "aria-labelledby": "online-title" });
    /** @type {OnlineList | null} */
    this.list = null;
    /** @type {string | null} */
    this.notice = null;
    /** @type {number | null} */
    this.lastAt = null;
    /** @type {number | null} */
    this.count = null;
    this.limit = PAGE;
    /** @type {string | null} the signed-in reader's username (null: a guest) */
    this.me = null;
    /** @type {(username: string) => void} opens the challenge form */
    this.challenge = () => {};
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.poller = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.catchUp = undefined;
    this.render();
  }

  start() {
    this.refresh();
    this.poller = setInterval(() => {
      if (refreshDue({ lastAt: this.lastAt, now: Date.now(), countChanged: false })) this.refresh();
    }, MIN_GAP_MS);
  }

  /**
   * The lobby socket's count of people online: a change asks for the list again.
   * @param {number | undefined} count
   */
  countChanged(count) {
    if (count === undefined || count === this.count) return;
    const changed = this.count !== null;
    this.count = count;
    if (!changed || this.catchUp !== undefined) return;
    this.catchUp = setTimeout(() => this.refresh(), catchUpIn(this.lastAt, Date.now()));
  }

  async refresh() {
    clearTimeout(this.catchUp);
    this.catchUp = undefined;
    this.lastAt = Date.now();
    try {
      this.list = await api(`/api/online?limit=${this.limit}`);
      this.notice = null;
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
  }

  render() {
    const list = this.list;
    const players = list ? list.players : [];
    const more = list && list.total > players.length && this.limit < 100;
    this.el.replaceChildren(...[
      h("h2", { id: "online-title" }, t("online.title")),
      list && players.length ? h("ul", { class: "online-list" }, players.map((player) => playerItem(player,
        mayChallenge(this.me, player.username) ? () => this.challenge(player.username) : null)))
        : h("p", { class: "muted" }, list ? t("online.none") : t("app.loading")),
      list && list.total > players.length ? h("p", { class: "muted" }, tp("online.more_named", list.total - players.length)) : null,
      list ? h("p", { class: "muted online-guests" }, tp("online.guests", list.guests)) : null,
      more ? h("button", { type: "button", class: "btn small", onclick: () => { this.limit = 100; this.refresh(); } }, t("online.show_more")) : null,
      this.notice ? h("p", { class: "notice error", role: "alert" }, this.notice) : null,
    ].filter((part) => part !== null));
  }

  close() {
    clearInterval(this.poller);
    clearTimeout(this.catchUp);
  }
}

/**
 * @param {OnlinePlayer} player
 * @param {(() => void) | null} challenge opens the form that challenges them (null: no button)
 */
function playerItem(player, challenge) {
  const rating = player.rating ? ratingText(player.rating) : null;
  return h("li", { class: player.friend ? "online-player friend" : "online-player", dataset: { player: player.username } },
    h("a", { href: `/players/${encodeURIComponent(player.username)}` }, player.username),
    rating ? [" ", h("span", { class: "muted" }, h("span", { class: "sr-only" }, t("lobby.rating", { rating })),
      h("span", { "aria-hidden": "true" }, `(${rating})`))] : null,
    player.friend ? [" ", h("span", { class: "badge friend" }, t("online.friend"))] : null,
    player.watch ? [" ", h("a", { class: "btn small", href: player.watch }, t("online.watch", { name: player.username }))] : null,
    challenge ? [" ", h("button", { type: "button", class: "btn small", name: "challenge", onclick: challenge },
      t("challenge.button", { name: player.username }))] : null);
}
