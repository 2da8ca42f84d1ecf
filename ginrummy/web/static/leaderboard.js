// The leaderboard (/leaderboard?family=): the best ratings of a rules family, established ones only unless asked.
import { api } from "./api.js";
import { h } from "./dom.js";
import { numberText, t } from "./i18n.js";
import { errorText } from "./notices.js";
import { profileLink } from "./profile.js";
import { ratingText } from "./ratingtext.js";

const FAMILIES = ["standard", "oklahoma", "three", "teams"];
const PAGE = 50;

export class LeaderboardScreen {
  constructor(root) {
    this.root = root;
    const query = new URLSearchParams(location.search);
    this.family = FAMILIES.includes(query.get("family")) ? query.get("family") : "standard";
    this.provisional = query.get("provisional") === "1";
    this.offset = 0;
    this.board = null;
    this.error = null;
  }

  async start() {
    this.root.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
    await this.load();
  }

  async load() {
    const query = new URLSearchParams({ family: this.family, limit: PAGE, offset: this.offset, provisional: this.provisional ? "1" : "0" });
    try {
      this.board = await api(`/api/leaderboard?${query}`);
      this.error = null;
    } catch (error) {
      this.error = error;
    }
    history.replaceState(null, "", `/leaderboard?family=${this.family}${this.provisional ? "&provisional=1" : ""}`);
    this.render();
  }

  render() {
    document.title = `${t("board.title")} – ${t("app.title")}`;
    const board = this.board;
    const page = (offset) => { this.offset = Math.max(0, offset); this.load(); };
    this.root.replaceChildren(h("div", { class: "lobby leaderboard" },
      h("section", { class: "panel intro" },
        h("h1", {}, t("board.title")),
        h("p", {}, t("board.intro")),
        h("div", { class: "board-choice" },
          h("label", { class: "inline" }, t("board.family"), " ",
            h("select", { name: "family", onchange: (event) => { this.family = event.target.value; page(0); } },
              FAMILIES.map((family) => h("option", { value: family, selected: family === this.family }, t(`family.${family}`))))),
          h("label", { class: "inline" },
            h("input", { type: "checkbox", name: "provisional", checked: this.provisional,
              onchange: (event) => { this.provisional = event.target.checked; page(0); } }), t("board.provisional")))),
      this.error ? h("p", { class: "notice error", role: "alert" }, errorText(this.error)) : null,
      h("section", { class: "panel" },
        board && board.players.length ? h("table", { class: "board" },
          h("thead", {}, h("tr", {}, ["place", "player", "rating", "games"].map((key) => h("th", { scope: "col" }, t(`board.${key}`))))),
          h("tbody", {}, board.players.map((player) => h("tr", { dataset: { player: player.username } },
            h("td", {}, numberText(player.place)),
            h("td", { class: "board-name" }, h("a", { href: profileLink(player.username) }, player.username)),
            h("td", { class: "board-rating" }, ratingText(player.shown)),
            h("td", {}, numberText(player.games))))))
          : h("p", { class: "muted" }, t("board.empty")),
        board && board.computer_levels ? h("p", { class: "muted computer-levels" }, t("board.levels", {
          levels: board.computer_levels.map((entry) => t("board.level", { level: entry.level, rating: ratingText(entry.rating) })).join(" · ") })) : null,
        board ? h("div", { class: "board-pages" },
          this.offset > 0 ? h("button", { type: "button", class: "btn small", onclick: () => page(this.offset - PAGE) }, t("board.previous")) : null,
          board.offset + board.players.length < board.total ? h("button", { type: "button", class: "btn small", onclick: () => page(this.offset + PAGE) }, t("board.next")) : null) : null)));
  }
}
