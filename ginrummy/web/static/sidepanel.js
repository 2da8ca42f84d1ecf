// The side of the two-player screen: the score and its sheet, the move log, the rules, the watch
// link and the keys.
import { rulesSummary, seatName, settlementRows, settlementWords } from "./describe.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { button } from "./widgets.js";

export function settlementTable(state) {
  const names = [seatName(state, 0), seatName(state, 1)];
  const rows = settlementRows(state.settlement, state.rules);
  return h("table", { class: "settlement" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("score.line"))), names.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, rows.map((row) => h("tr", { class: row.total ? "total" : null }, h("th", { scope: "row" }, row.label), row.values.map((value) => h("td", {}, String(value)))))));
}

/** A seat's name, linked to the player's profile in a rated game (its people's names are
 * their usernames); `rated` from the game's state (a hand scene's picture leaves it out). */
export function playerName(state, seat, rated) {
  const info = state.seats[seat];
  const text = seatName(state, seat);
  return rated && info && info.kind === "human" && info.name
    ? h("a", { href: `/players/${encodeURIComponent(info.name)}`, class: "profile-link" }, text)
    : text;
}

/** The "rated" mark of a rated game's score box. */
export function ratedMark(rated) {
  return rated ? h("p", { class: "rated-game" }, h("span", { class: "badge rated" }, t("lobby.rated"))) : null;
}

/** The score box; `more`: a button beside the score sheet's (the notifications' switch). */
export function scoreBox(ctl, more = null) {
  const state = ctl.shown;
  const rules = state.rules;
  const rated = Boolean(ctl.state && ctl.state.rated);
  const rows = [0, 1].map((seat) => h("tr", { class: state.you === seat ? "me" : null },
    h("th", { scope: "row" }, playerName(state, seat, rated)),
    h("td", { class: "points" }, String(state.totals[seat])),
    rules.box_bonus ? h("td", {}, String(state.boxes[seat])) : null,
    rules.extra_boxes ? h("td", {}, String(state.extra_boxes[seat])) : null));
  return h("section", { class: "scorebox", "aria-label": t("score.title") },
    ratedMark(rated),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("score.target", { target: rules.target })), h("th", {}, t("score.total")),
        rules.box_bonus ? h("th", {}, t("score.boxes")) : null, rules.extra_boxes ? h("th", {}, t("score.extra_boxes")) : null)),
      h("tbody", {}, rows)),
    h("div", { class: "score-buttons" }, button(t("btn.scores"), { onclick: () => openScores(ctl), name: "scores" }), more));
}

export function openScores(ctl) {
  const state = ctl.shown;
  const names = [seatName(state, 0), seatName(state, 1)];
  const rules = state.rules;
  const scores = state.scores || [];
  const running = [0, 0];
  const dialog = h("dialog", { class: "scores-dialog", "aria-labelledby": "scores-title" },
    h("h2", { id: "scores-title" }, t("score.title")),
    h("p", { class: "muted" }, t("score.target", { target: rules.target })),
    scores.length ? h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", {}, t("score.hand")), h("th", {}, t("score.outcome")), names.map((name) => h("th", {}, name)))),
      h("tbody", {}, scores.map((score) => {
        if (score.winner !== null && score.winner !== undefined) running[score.winner] += score.points;
        return h("tr", {}, h("td", {}, String(score.hand)), h("td", {}, t(`outcome.${score.outcome}`)),
          [0, 1].map((seat) => h("td", {}, score.winner === seat ? `+${score.points}` : "", h("span", { class: "muted running" }, ` (${running[seat]})`))));
      }))) : h("p", {}, t("score.none")),
    rules.box_bonus ? h("p", {}, `${t("score.boxes")}: ${names[0]} ${state.boxes[0]}, ${names[1]} ${state.boxes[1]} (${t("score.box_points")}: ${state.box_points[0]}, ${state.box_points[1]})`) : null,
    h("h3", {}, t("over.settlement")),
    settlementTable(state),
    settlementWords(state.settlement, rules, names).map((line) => h("p", {}, line)),
    h("form", { method: "dialog" }, h("button", { class: "btn primary", type: "submit" }, t("btn.close"))));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

export function logBox(ctl) {
  // a list that scrolls and takes focus (the keys scroll it); the moves are spoken by #announce
  return h("section", { class: "log", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("log.title")),
    h("div", { class: "log-scroll", tabindex: "0", role: "group", "aria-labelledby": "log-title" },
      h("ol", {}, ctl.log.map((line) => h("li", { class: [line.head ? "head" : null, line.seat === ctl.shown.you ? "mine" : null] }, typeof line.text === "function" ? line.text() : line.text)))));
}

export function rulesBox(ctl) {
  const rules = ctl.shown.rules;
  return h("details", { class: "rules-box" }, h("summary", {}, t("table.rules")),
    h("ul", {}, rulesSummary(rules).map((line) => h("li", {}, line))),
    h("a", { href: `/rules?lang=${language()}`, target: "_blank", rel: "noopener" }, t("nav.rules")));
}

export function shareBox(ctl) {
  const links = ctl.links || {};
  if (ctl.mode !== "play" || !links.watch || ctl.shown.stage === "waiting") return null;
  return h("details", { class: "share" }, h("summary", {}, t("invite.watch_title")),
    h("p", { class: "muted" }, t("invite.watch")),
    h("input", { type: "text", readonly: true, value: links.watch, class: "link", "aria-label": t("invite.watch_title"), onfocus: (event) => event.target.select() }));
}

export function keysBox(ctl) {
  if (ctl.readOnly && ctl.mode !== "replay") return null;
  return h("details", { class: "keys" }, h("summary", {}, t("keys.title")),
    ["keys.cards", "keys.draw", "keys.knock", "keys.sort"].map((key) => h("p", {}, t(key))));
}
