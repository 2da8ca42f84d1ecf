// The lobby's tournaments: those taking entries or being played, and (for an account) a form to create one.
import { api } from "./api.js";
import { clockBody, clockField, newClockChoice } from "./clockchoice.js";
import { presetName } from "./describe.js";
import { h } from "./dom.js";
import { language, t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { stillComing } from "./tournamenthistory.js";
import { MINE, yourRules } from "./yourrules.js";

export class TournamentsPanel {
  constructor() {
    this.el = h("section", { class: "panel tournaments", "aria-labelledby": "tournaments-title" });
    this.list = [];
    this.coming = []; // the next occurrence of each recurring tournament, not open yet
    this.pushed = false; // the lobby's socket has sent a list: it is newer than a fetch
    this.listEl = h("div", { class: "tournament-list" });
    this.formEl = null; // built once, so that a list arriving does not reset what is being typed
    this.account = null;
    this.presets = ["standard", "oklahoma"];
    this.notice = null;
    this.mine = yourRules();
    this.form = { name: "", format: "swiss", size: 8, tableSize: 2, teamTarget: 125, preset: "standard", level: 3, fill: true, start: "full", minutes: 10, clock: newClockChoice() };
  }

  async start(account) {
    this.account = account;
    try {
      this.presets = Object.keys((await api("/api/rules")).presets);
    } catch { /* the two families stay */ }
    await this.refresh();
  }

  async refresh() {
    try {
      const fetched = await api("/api/tournaments");
      if (!this.pushed) this.list = fetched.tournaments;
      this.coming = fetched.scheduled || [];
    } catch (error) {
      this.notice = errorText(error);
    }
    this.render();
  }

  // The lobby socket's list (in its snapshot and after each change): only the list is drawn again.
  show(list) {
    this.list = list;
    this.pushed = true;
    this.renderList();
  }

  render() {
    this.renderList();
    if (this.account && !this.formEl) this.formEl = this.createForm();
    this.el.replaceChildren(...[h("h2", { id: "tournaments-title" }, t("tournaments.title")),
      this.listEl,
      this.account ? this.formEl : h("p", { class: "muted" }, t("tournament.sign_in")),
      this.notice ? h("p", { class: "notice error", role: "alert" }, this.notice) : null].filter(Boolean));
  }

  renderList() {
    this.listEl.replaceChildren(
      this.list.length ? h("ul", { class: "game-list" }, this.list.map((item) => h("li", { class: "game-item", dataset: { tournament: item.id } },
        h("div", { class: "game-main" }, h("a", { class: "game-title", href: `/tournaments/${item.id}` }, item.name),
          h("span", { class: "muted" }, [t(`tournament.format.${item.format}`), item.table_size > 2 ? t(`tournaments.table_size.${item.table_size}`) : null,
            presetName(item.rules.name), t(`tournament.status.${item.status}`)].filter(Boolean).join(" · "))),
        h("span", { class: "game-status" }, tp("tournaments.entered", item.entered, { size: item.size })))))
        : h("p", { class: "muted" }, t("tournaments.none")),
      ...this.comingList());
  }

  // The recurring tournaments whose entries are not open yet, with when each starts (in the reader's time).
  comingList() {
    const coming = stillComing(this.coming, this.list);
    if (!coming.length) return [];
    const when = (iso) => h("time", { datetime: iso }, new Date(iso).toLocaleString(language() === "it" ? "it-IT" : "en-GB",
      { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }));
    return [h("h3", {}, t("tournaments.coming")),
      h("ul", { class: "game-list coming-tournaments" }, coming.map((item) => h("li", { class: "game-item", dataset: { schedule: item.schedule } },
        h("div", { class: "game-main" }, h("span", { class: "game-title" }, item.name),
          h("span", { class: "muted" }, [t(`tournament.format.${item.format}`), item.table_size > 2 ? t(`tournaments.table_size.${item.table_size}`) : null,
            presetName(item.rules.name), t(`tournaments.repeat.${item.repeat}`)].filter(Boolean).join(" · "))),
        h("span", { class: "game-status" }, t("tournaments.starts"), " ", when(item.starts_at)))))];
  }

  createForm() {
    const f = this.form;
    const field = (label, control) => h("label", { class: "field" }, h("span", {}, label), control);
    const set = (key, cast = (v) => v) => (event) => { f[key] = cast(event.target.type === "checkbox" ? event.target.checked : event.target.value); };
    // tables of 3 (R33) are for a Swiss only: another format keeps the tables of 2
    // tables of 4 (R34) play to the pairs' target
    const teamTarget = h("input", { name: "team-target", type: "number", min: 1, max: 10000, value: f.teamTarget,
      disabled: f.tableSize !== 4, oninput: set("teamTarget", Number) });
    const pickTables = (event) => {
      f.tableSize = Number(event.target.value);
      teamTarget.disabled = f.tableSize !== 4;
    };
    const tables = h("select", { name: "table-size", disabled: f.format !== "swiss", onchange: pickTables },
      [2, 3, 4].map((v) => h("option", { value: v, selected: f.tableSize === v }, t(`tournaments.table_size.${v}`))));
    const pickFormat = (event) => {
      f.format = event.target.value;
      if (f.format !== "swiss") f.tableSize = 2;
      tables.value = String(f.tableSize);
      tables.disabled = f.format !== "swiss";
      teamTarget.disabled = f.tableSize !== 4;
    };
    return h("details", { class: "create-tournament" }, h("summary", {}, t("tournaments.create")),
      h("form", { name: "tournament", onsubmit: (event) => { event.preventDefault(); this.create(); } },
        field(t("tournaments.name"), h("input", { name: "tournament-name", maxlength: 64, value: f.name, oninput: set("name") })),
        field(t("tournaments.format"), h("select", { name: "format", onchange: pickFormat },
          ["swiss", "knockout", "duplicate"].map((v) => h("option", { value: v, selected: f.format === v }, t(`tournament.format.${v}`))))),
        field(t("tournaments.table_size"), tables),
        h("p", { class: "muted" }, t("tournaments.table_size_swiss")),
        field(t("new.team_target"), teamTarget),
        field(t("tournaments.size"), h("input", { name: "size", type: "number", min: 4, max: 64, value: f.size, oninput: set("size", Number) })),
        field(t("new.preset"), h("select", { name: "tournament-preset", onchange: set("preset") },
          this.presets.map((v) => h("option", { value: v, selected: f.preset === v }, presetName(v))),
          this.mine ? h("option", { value: MINE, selected: f.preset === MINE }, t("quick.your_rules", { preset: presetName(this.mine.preset) })) : null)),
        field(t("tournaments.level"), h("select", { name: "level", onchange: set("level", Number) },
          [1, 2, 3, 4, 5].map((v) => h("option", { value: v, selected: f.level === v }, t(`level.${v}`))))),
        h("label", { class: "check" }, h("input", { type: "checkbox", name: "fill", checked: f.fill, onchange: set("fill") }), " ", t("tournaments.fill")),
        field(t("tournaments.start"), h("select", { name: "start", onchange: set("start") },
          h("option", { value: "full", selected: f.start === "full" }, t("tournaments.start_full")),
          h("option", { value: "timed", selected: f.start === "timed" }, t("tournaments.start_timed")))),
        field(t("tournaments.minutes"), h("input", { name: "minutes", type: "number", min: 0, max: 10080, value: f.minutes, oninput: set("minutes", Number) })),
        clockField(f.clock, () => {}),
        h("button", { type: "submit", class: "btn primary" }, t("tournaments.create_button"))));
  }

  async create() {
    const f = this.form;
    this.notice = null;
    const mine = f.preset === MINE && this.mine;
    const body = { format: f.format, size: f.size, preset: mine ? mine.preset : f.preset, level: f.level, fill: f.fill, clock: clockBody(f.clock) };
    if (mine) body.options = { ...mine.options };
    if (f.tableSize === 3) {
      body.table_size = 3;
      body.options = { ...body.options, dealer_rule: "loser" }; // R33: the loser deals; the server refuses any other
    }
    if (f.tableSize === 4) Object.assign(body, { table_size: 4, team_target: f.teamTarget }); // R34: two pairs
    body.name = f.name.trim() || t("tournaments.default_name", { name: this.account.username });
    if (f.start === "timed") body.starts_in_minutes = f.minutes;
    try {
      const made = await api("/api/tournaments", { method: "POST", body });
      location.assign(`/tournaments/${encodeURIComponent(made.id)}`);
    } catch (error) {
      this.notice = errorText(error);
      this.render();
    }
  }
}
