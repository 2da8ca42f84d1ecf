// A knockout's bracket: one column per round, each match its two players with the winner marked and the score; the rounds not paired yet hold as many open matches as the players left make.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** How many matches each round holds: the rounds played or being played as paired, the later ones from the players still in. */
export function matchCounts(view) {
  const counts = view.round_list.map((round) => round.tables.length);
  const last = view.round_list[view.round_list.length - 1];
  let players = last ? last.tables.length + last.byes.length : view.entrants.length;
  for (let number = counts.length + 1; number <= (view.round_count || 0); number += 1) {
    counts.push(Math.floor(players / 2));
    players = Math.ceil(players / 2);
  }
  return counts;
}

function same(a, b) {
  return Boolean(a && b) && a.name === b.name && a.computer === b.computer;
}

function match(table, who) {
  const line = (player, i) => {
    const won = same(table.winner, player);
    return h("li", { class: won ? "bracket-player winner" : "bracket-player" },
      h("span", { class: "bracket-name" }, who(player)),
      table.points ? h("span", { class: "bracket-points" }, String(table.points[i])) : null,
      won ? h("span", { class: "sr-only" }, ` (${t("tournament.bracket_winner")})`) : null);
  };
  return h("li", { class: "bracket-match" }, h("ol", { class: "bracket-pair" }, table.seats.map(line)));
}

function open() {
  return h("li", { class: "bracket-match open" }, h("ol", { class: "bracket-pair" },
    [0, 1].map(() => h("li", { class: "bracket-player" }, h("span", { class: "bracket-name muted" }, t("tournament.bracket_open"))))));
}

export function bracketPanel(view, who) {
  const counts = matchCounts(view);
  const columns = counts.map((count, i) => {
    const round = view.round_list[i];
    const matches = round ? round.tables.map((table) => match(table, who)) : Array.from({ length: count }, open);
    const byes = round && round.byes.length
      ? h("p", { class: "muted bracket-bye" }, t("tournament.bracket_bye", { names: round.byes.map(who).join(", ") })) : null;
    return h("div", { class: "bracket-round" }, // not a landmark: the rounds' own panels below are
      h("h3", {}, t("tournament.round", { number: i + 1 })),
      h("ol", { class: "bracket-matches" }, matches), byes);
  });
  return h("section", { class: "panel bracket-panel", "aria-labelledby": "bracket-title" },
    h("h2", { id: "bracket-title" }, t("tournament.bracket")),
    h("div", { class: "bracket", tabindex: 0, role: "group", "aria-labelledby": "bracket-title" }, columns));
}
