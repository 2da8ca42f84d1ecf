// The table screen of three and four players (R33, R34): the seats strip, the hand being played
// (drawn by the hand renderer from the hand scene), the other table, the scoreboard, and the
// end of a hand, of a round and of the game with the team arithmetic line by line.
import { handScene } from "./handscene.js";
import { seedBox } from "./seedbox.js";
import { resignBox } from "./resign.js";
import { resignedLine } from "./resignrules.js";
import { resultLines, seatName, settlementRows } from "./describe.js";
import { h } from "./dom.js";
import { cardText, language, t, tp } from "./i18n.js";
import {
  isTeams, partnerTable, placeName, placeTotal, present, readyWanted, sitsOut, teamName, teamOf,
} from "./multistate.js";
import { chatBox } from "./chatbox.js";
import { lobbyPlaces } from "./lobbyseats.js";
import { ratingChanges } from "./ratingchange.js";
import { keysBox, logBox, playerName, ratedMark, rulesBox } from "./sidepanel.js";
import { fitHand, handSummary, meldsArea, middle, panel, seatArea } from "./tableview.js";
import { button, copyRow, tournamentLink } from "./widgets.js";

export function renderMultiTable(ctl) {
  const state = ctl.state;
  const picture = ctl.shown;
  const felt = h("section", {
    class: ["felt", "multi", `stage-${state.stage}`, `table-stage-${picture.stage}`, sitsOut(state) ? "sitting-out" : null],
    "aria-labelledby": "table-title", dataset: { mode: state.mode, stage: state.stage },
  }, h("h1", { class: "sr-only", id: "table-title" }, tableTitle(state)), seatsStrip(state), feltContent(ctl));
  const side = h("aside", { class: "side" }, scoreBoard(state), resignBox(ctl), tablesBox(ctl), chatBox(ctl), logBox(ctl), seedBox(ctl), rulesBox(ctl), keysBox(ctl));
  const screen = h("div", { class: ["table-screen", "table-game", `mode-${ctl.mode}`, `players-${state.players}`, ctl.readOnly ? "read-only" : null, ctl.pending ? "busy" : null, ctl.knockMode ? "knock-mode" : null] },
    ctl.replayBar || null, felt, side);
  ctl.root.replaceChildren(screen);
  fitHand(ctl.root);
  const log = ctl.root.querySelector(".log .log-scroll");
  if (log) log.scrollTop = log.scrollHeight;
}

// "Gin Rummy: Ann, Bea and Cyril", for those who read the page by its headings
function tableTitle(state) {
  const names = state.seats.map((info) => placeName(state, info.seat));
  return t("multi.title", { names: new Intl.ListFormat(language(), { type: "conjunction" }).format(names) });
}

function feltContent(ctl) {
  const state = ctl.state;
  const picture = ctl.shown;
  if (state.stage === "waiting") return invitesPanel(ctl);
  if (picture.stage !== "hand") return resultPanel(ctl);
  const bottom = present(picture.you) ? picture.you : 0;
  const top = 1 - bottom;
  const me = present(picture.you) ? picture.seats[picture.you] : null;
  const standIn = me && me.stand_in && !ctl.readOnly;
  return [
    sitsOut(state) ? sitOutPanel(ctl) : null,
    seatArea(ctl, top, "top"),
    middle(ctl),
    meldsArea(ctl),
    sitsOut(state) && !standIn ? null : panel(ctl),
    seatArea(ctl, bottom, "bottom"),
  ];
}

// ------------------------------------------------------------ who sits where

function seatsStrip(state) {
  const acting = new Set(state.stage === "hand" ? state.to_act || [] : []);
  return h("ol", { class: "seats-strip", "aria-label": t("multi.seats") }, state.seats.map((info) => {
    const place = info.seat;
    const badges = [];
    if (isTeams(state)) badges.push(h("span", { class: ["badge", `team-${teamOf(state, place)}`] }, t("multi.team", { number: teamOf(state, place) + 1 })));
    if (state.stage !== "waiting" && state.stage !== "over") {
      if (state.mode === "three" && state.sitting_out === place) badges.push(h("span", { class: "badge sits-out" }, t("table.dealer"), " · ", t("multi.sits_out_badge")));
      else if (present(info.table) && isTeams(state)) badges.push(h("span", { class: "badge" }, t("multi.at_table", { table: info.table + 1 })));
    }
    if (acting.has(place)) badges.push(h("span", { class: "badge to-play" }, t("multi.to_play")));
    if (info.stand_in) badges.push(h("span", { class: "badge" }, t("multi.stand_in")));
    if (info.kind === "human" && !info.joined) badges.push(h("span", { class: "badge" }, t("multi.not_joined")));
    const online = info.connected || info.kind === "computer";
    return h("li", { class: ["place", place === state.you ? "me" : null, acting.has(place) ? "to-act" : null], dataset: { place, team: isTeams(state) ? teamOf(state, place) : null } },
      h("span", { class: ["presence", online ? "on" : "off"], title: online ? "" : t("table.offline", { name: placeName(state, place) }) }),
      h("span", { class: "name" }, place === state.you ? t("table.you", { name: placeName(state, place) }) : placeName(state, place)),
      badges,
      h("span", { class: "points", "aria-label": `${placeName(state, place)}: ${placeTotal(state, place)}` }, String(placeTotal(state, place))));
  }));
}

/** Three players, the reader sitting out: say so, who plays, whose turn it is. */
function sitOutPanel(ctl) {
  const state = ctl.state;
  const picture = ctl.shown;
  const players = picture.places.map((place) => placeName(state, place));
  const turn = present(picture.to_act) ? t("status.wait", { name: seatName(picture, picture.to_act) }) : null;
  const scores = state.scores || [];
  const last = scores[scores.length - 1];
  let lastLine = null;
  if (last) {
    const outcome = t(`outcome.${last.outcome}`);
    lastLine = present(last.winner)
      ? t("multi.last_hand", { number: last.round, name: placeName(state, last.winner), points: tp("points", last.points), outcome })
      : t("multi.last_hand_nobody", { number: last.round, outcome });
  }
  return h("div", { class: "panel status-panel sit-out" },
    h("p", { class: "status" }, t("multi.you_sit_out")),
    h("p", {}, t("multi.sit_out_players", { name0: players[0], name1: players[1] })),
    turn ? h("p", { class: "turn", "aria-live": "polite" }, h("span", { class: "thinking" }), turn) : null,
    lastLine ? h("p", { class: "muted last-hand" }, lastLine) : null);
}

// ------------------------------------------------------------ invites

function invitesPanel(ctl) {
  const state = ctl.state;
  const links = ctl.links || {};
  const invites = links.invites || [];
  const waiting = state.seats.filter((info) => info.kind === "human" && !info.joined).map((info) => placeName(state, info.seat));
  return h("div", { class: "panel invite invites" },
    h("h2", {}, t("multi.invite_title")),
    lobbyPlaces(ctl),
    invites.length ? h("p", {}, t("multi.invite_text")) : null,
    invites.map((invite) => [
      h("p", { class: "invite-for" }, t("multi.invite_for", { name: placeName(state, invite.seat) })),
      copyRow(t("multi.invite_for", { name: placeName(state, invite.seat) }), invite.link, `invite-${invite.seat}`)]),
    h("p", { class: "muted" }, t("multi.table_link")),
    copyRow(t("multi.table_link"), `${location.origin}/play/${encodeURIComponent(state.game_id)}`, "table"),
    links.watch ? [h("p", { class: "muted" }, t("invite.watch")), copyRow(t("invite.watch"), links.watch, "watch")] : null,
    h("p", { class: "status" }, h("span", { class: "thinking" }), t("multi.waiting_for", { names: waiting.join(", ") })));
}

// ------------------------------------------------------------ the other table, the scoreboard

/** A table's progress in one line: its players, who is to play, stock and upcard, or its result. */
function tableLine(state, table) {
  const names = table.players.map((place) => placeName(state, place));
  const head = t("multi.table_players", { table: table.table + 1, name0: names[0], name1: names[1] });
  const parts = [];
  const result = table.last_result;
  if (table.status === "playing") {
    if (present(table.to_act)) parts.push(t("multi.table_to_play", { name: placeName(state, table.to_act) }));
    if (present(table.stock_size)) parts.push(tp("multi.table_stock", table.stock_size));
    if (table.upcard) parts.push(t("multi.table_upcard", { card: cardText(table.upcard) }));
  } else if (table.status === "decided" && result) {
    parts.push(tableResultText(state, table, result));
  } else if (table.status === "to_deal") {
    parts.push(result && result.outcome === "void" ? t("multi.table_void") : t("multi.table_to_deal"));
  }
  return { head, text: parts.join(" · ") };
}

function tableResultText(state, table, result) {
  if (result.outcome === "void") return t("multi.table_void");
  if (!present(result.winner)) return t("multi.table_tie");
  return t("multi.table_won", { name: placeName(state, table.players[result.winner]), points: tp("points", result.points), outcome: t(`outcome.${result.outcome}`) });
}

/**
 * The game is over: the last round's tables as they were played (the state's `tables` may
 * already pair the places for a round that will not be played, beside the last results).
 */
function lastRoundBox(state) {
  const round = (state.rounds || []).at(-1);
  if (!round) return null;
  return h("section", { class: "tables-box", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, t("multi.tables")),
    h("ul", {}, round.tables.map((table) => {
      const names = table.players.map((place) => placeName(state, place));
      const text = present(table.winner)
        ? t("multi.table_won", { name: placeName(state, table.winner), points: tp("points", table.points), outcome: t(`outcome.${table.outcome}`) })
        : t("multi.table_tie");
      return h("li", { class: "table-line status-decided", dataset: { table: table.table, status: "decided" } },
        h("strong", {}, t("multi.table_players", { table: table.table + 1, name0: names[0], name1: names[1] })), h("span", {}, ` · ${text}`));
    })));
}

/** The partner's table is already in the next round while your screen shows the last one. */
function partnerTitle(state) {
  const looking = state.table_hand ? state.table_hand.round : state.round_number;
  return looking === state.round_number ? t("multi.partner_table") : t("multi.partner_table_round", { number: state.round_number });
}

function tablesBox(ctl) {
  const state = ctl.state;
  if (!isTeams(state) || state.stage === "waiting") return null;
  if (state.stage === "over") return lastRoundBox(state);
  const partner = partnerTable(state);
  const shown = partner ? [partner] : state.tables || [];
  return h("section", { class: "tables-box", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, partner ? partnerTitle(state) : t("multi.tables")),
    h("ul", {}, shown.map((table) => {
      const line = tableLine(state, table);
      return h("li", { class: ["table-line", `status-${table.status}`], dataset: { table: table.table, status: table.status } },
        h("strong", {}, line.head), line.text ? h("span", {}, ` · ${line.text}`) : null);
    })));
}

function scoreBoard(state) {
  const rules = state.rules;
  const teams = isTeams(state);
  const columns = teams ? [0, 1] : state.seats.map((info) => info.seat);
  const mine = (column) => (teams ? present(state.you) && teamOf(state, state.you) === column : column === state.you);
  const rows = columns.map((column) => h("tr", { class: mine(column) ? "me" : null, dataset: { column } },
    h("th", { scope: "row" }, teams ? teamName(state, column) : playerName(state, column, state.rated)),
    h("td", { class: "points" }, String(state.totals[column])),
    rules.box_bonus ? h("td", {}, String((state.boxes || [])[column] ?? 0)) : null));
  return h("section", { class: "scorebox", "aria-label": t("score.title") },
    ratedMark(state.rated),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("score.target", { target: state.target })), h("th", {}, t("score.total")),
        rules.box_bonus ? h("th", {}, teams ? t("multi.rounds_won") : t("score.boxes")) : null)),
      h("tbody", {}, rows)),
    h("p", { class: "muted" }, teams ? t("multi.round_number", { number: state.round_number }) : t("table.hand_number", { number: state.round_number })),
    button(t("btn.scores"), { onclick: () => openSheet(state), name: "scores" }));
}

/** The score sheet: every finished hand (three players: a column a player; teams: each table's
 * result, then each round's team points). */
function openSheet(state) {
  const teams = isTeams(state);
  const scores = state.scores || [];
  const places = state.seats.map((info) => info.seat);
  const running = places.map(() => 0);
  const handRows = scores.map((score) => {
    if (present(score.winner) && !teams) running[score.winner] += score.points;
    const cells = teams
      ? [h("td", {}, `${placeName(state, score.players[0])} – ${placeName(state, score.players[1])}`),
        h("td", {}, present(score.winner) ? `${placeName(state, score.winner)} +${score.points}` : "")]
      : places.map((place) => h("td", {}, score.winner === place ? `+${score.points}` : "", h("span", { class: "muted running" }, ` (${running[place]})`)));
    return h("tr", {}, h("td", {}, String(score.round)), teams ? h("td", {}, String(score.table + 1)) : null, h("td", {}, t(`outcome.${score.outcome}`)), cells);
  });
  const head = teams
    ? [t("multi.round_short"), t("multi.table_short"), t("score.outcome"), t("multi.sheet.players"), t("multi.sheet.winner")]
    : [t("score.hand"), t("score.outcome"), ...places.map((place) => placeName(state, place))];
  const rounds = teams ? (state.rounds || []) : [];
  const dialog = h("dialog", { class: "scores-dialog", "aria-labelledby": "scores-title" },
    h("h2", { id: "scores-title" }, t("score.title")),
    h("p", { class: "muted" }, t("score.target", { target: state.target })),
    scores.length ? h("table", { class: "sheet" }, h("thead", {}, h("tr", {}, head.map((text) => h("th", {}, text)))), h("tbody", {}, handRows)) : h("p", {}, t("score.none")),
    rounds.map((round) => [h("h3", {}, t("multi.round.title", { number: round.number })),
      h("ol", { class: "score-lines" }, roundLines(state, round).map((line) => h("li", {}, line)))]),
    h("form", { method: "dialog" }, h("button", { class: "btn primary", type: "submit" }, t("btn.close"))));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

// ------------------------------------------------------------ the end of a hand, a round, the game

/** Three players: the last hand played when the reader's picture is an older one (it sat out). */
function latestHand(state) {
  const scores = state.scores || [];
  const last = scores[scores.length - 1];
  const table = (state.tables || [])[0];
  if (state.mode !== "three" || !last || !table || !table.last_result) return null;
  const picture = handScene(state);
  if (picture.view && picture.view.result && picture.hand_number === last.round) return null;
  return { number: last.round, players: last.players, result: table.last_result };
}

function handResult(ctl) {
  const picture = ctl.shown;
  const view = picture.view;
  const latest = latestHand(ctl.state);
  if (latest) {
    const names = latest.players.map((place) => placeName(ctl.state, place));
    const result = latest.result;
    return [
      h("h2", {}, t("hand_end.title", { number: latest.number, outcome: t(`outcome.${result.outcome}`) })),
      h("p", { class: "headline" }, present(result.winner) ? t("hand_end.won", { name: names[result.winner], points: tp("points", result.points) }) : t("hand_end.nobody")),
      h("ol", { class: "score-lines hand-lines" }, resultLines(result, names, [], present(result.winner) ? picture.rules.box_bonus : 0).map((line) => h("li", {}, line))),
    ];
  }
  const result = view && view.result;
  if (!result) return [];
  const names = [seatName(picture, 0), seatName(picture, 1)];
  const boxBonus = present(result.winner) && !isTeams(ctl.state) ? picture.rules.box_bonus : 0;
  const headline = present(result.winner) ? t("hand_end.won", { name: names[result.winner], points: tp("points", result.points) }) : t("hand_end.nobody");
  const bottom = present(picture.you) ? picture.you : 0;
  const title = isTeams(ctl.state)
    ? t("multi.table_hand_title", { table: picture.table + 1, outcome: t(`outcome.${result.outcome}`) })
    : t("hand_end.title", { number: picture.hand_number, outcome: t(`outcome.${result.outcome}`) });
  return [
    h("h2", {}, title),
    h("p", { class: "headline" }, headline),
    h("div", { class: "hands" }, handSummary(ctl, bottom), handSummary(ctl, 1 - bottom)),
    h("ol", { class: "score-lines hand-lines" }, resultLines(result, names, result.outcome === "void" ? [] : view.layoffs || [], boxBonus).map((line) => h("li", {}, line))),
  ];
}

function totalsLine(state) {
  const teams = isTeams(state);
  const columns = teams ? [0, 1] : state.seats.map((info) => info.seat);
  const list = columns.map((column) => `${teams ? teamName(state, column) : placeName(state, column)} ${state.totals[column]}`).join(", ");
  return h("p", { class: "totals" }, t("multi.totals", { list, target: state.target }));
}

/** Three players between hands: who deals (and sits out) next, who plays (R33). */
function nextHandLine(state) {
  if (state.mode !== "three" || state.stage !== "between_hands" || !present(state.dealer)) return null;
  const others = state.seats.map((info) => info.seat).filter((place) => place !== state.dealer);
  return h("p", { class: "next-dealer" }, t("multi.next_hand", {
    dealer: placeName(state, state.dealer), name0: placeName(state, others[0]), name1: placeName(state, others[1]),
  }));
}

/** Teams: a scored round's arithmetic, line by line (state.rounds[-1], R34). */
export function roundLines(state, round) {
  const lines = [];
  for (const table of round.tables) {
    const names = table.players.map((place) => placeName(state, place));
    if (!present(table.winner)) {
      lines.push(t("multi.round.table_nothing", { table: table.table + 1, name0: names[0], name1: names[1] }));
    } else {
      lines.push(t("multi.round.table_won", { table: table.table + 1, name: placeName(state, table.winner), team: teamName(state, table.team), points: tp("points", table.points) }));
    }
  }
  for (const team of [0, 1]) {
    const wins = round.tables.filter((table) => present(table.winner) && table.team === team).map((table) => String(table.points));
    lines.push(t("multi.round.team_sum", { team: teamName(state, team), sum: wins.length ? wins.join(" + ") : "0", points: round.team_points[team] }));
  }
  if (round.rule === "sum") {
    lines.push(t("multi.round.rule_sum", { team: teamName(state, round.winner), points: round.points }));
  } else if (round.rule === "difference") {
    const high = round.team_points[round.winner];
    const low = round.team_points[1 - round.winner];
    lines.push(t("multi.round.rule_difference", { team: teamName(state, round.winner), high, low, points: round.points }));
  } else {
    lines.push(t("multi.round.rule_none"));
  }
  lines.push(t("multi.round.totals_after", { team0: teamName(state, 0), points0: round.totals_after[0], team1: teamName(state, 1), points1: round.totals_after[1], target: state.target }));
  return lines;
}

/** Teams: whether the round of the hand shown is scored (the other table may be playing the next). */
function roundOfPicture(state, picture) {
  const rounds = state.rounds || [];
  return isTeams(state) && rounds.length > 0 && (rounds[rounds.length - 1].number === picture.hand_number || state.stage === "over");
}

function roundPanel(state) {
  const round = (state.rounds || [])[state.rounds.length - 1];
  if (!round) return null;
  return h("section", { class: "round-score", dataset: { round: round.number } },
    h("h3", {}, t("multi.round.title", { number: round.number })),
    h("ol", { class: "score-lines round-lines" }, roundLines(state, round).map((line) => h("li", {}, line))));
}

function settlementTable(state) {
  const teams = isTeams(state);
  const columns = teams ? [0, 1] : state.seats.map((info) => info.seat);
  const names = columns.map((column) => (teams ? teamName(state, column) : placeName(state, column)));
  const rows = settlementRows(state.settlement, state.rules);
  return h("table", { class: "settlement" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("score.line"))), names.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, rows.map((row) => h("tr", { class: row.total ? "total" : null }, h("th", { scope: "row" }, row.label), row.values.map((value) => h("td", {}, String(value)))))));
}

function paymentLines(state) {
  const settlement = state.settlement;
  const teams = isTeams(state);
  const name = (who) => (teams ? teamName(state, who) : placeName(state, who));
  const stake = state.rules.stake_per_point;
  const payments = settlement.payments || [];
  if (!payments.length) return [h("p", { class: "payment" }, t("multi.pay_none"))];
  const key = teams ? "multi.team_pays" : "multi.pays";
  return payments.map((payment) => h("p", { class: "payment" }, stake
    ? t(`${key}_stake`, { payer: name(payment.payer), payee: name(payment.payee), points: tp("points", payment.points), amount: payment.amount })
    : t(key, { payer: name(payment.payer), payee: name(payment.payee), points: tp("points", payment.points) })));
}

function gameOver(state) {
  const settlement = state.settlement;
  const teams = isTeams(state);
  const winner = settlement.winner;
  let headline;
  if (!present(winner)) headline = t("over.tie");
  else if (teams) headline = present(state.you) && teamOf(state, state.you) === winner ? t("multi.over.your_team") : t("multi.over.team", { team: teamName(state, winner) });
  else headline = winner === state.you ? t("over.you_won") : t("over.winner", { name: placeName(state, winner) });
  const resigned = resignedLine(settlement, state.you, (place) => placeName(state, place));
  let reason = present(settlement.end_reason) ? t(`end.${settlement.end_reason}`) : "";
  if (resigned) reason = t(resigned.key, resigned.params);
  return h("section", { class: "game-over" },
    h("h2", {}, t("over.title")),
    h("p", { class: "headline big" }, headline),
    reason ? h("p", { class: "muted" }, reason) : null,
    h("h3", {}, t("over.settlement")),
    settlementTable(state),
    paymentLines(state),
    ratingChanges(state));
}

function readyRow(ctl) {
  const state = ctl.state;
  if (ctl.readOnly || state.stage === "over") return null;
  if (readyWanted(state)) {
    const result = ctl.shown.view && ctl.shown.view.result;
    let label = isTeams(state) ? t("multi.next_round") : t("btn.next_hand");
    if (isTeams(state) && result && result.outcome === "void") label = t("multi.deal_again");
    return h("div", { class: "buttons" }, button(label, { onclick: () => ctl.ready(), disabled: Boolean(ctl.pending), primary: true, key: "N", name: "next-hand" }));
  }
  if (state.stage === "between_hands") {
    const waiting = (state.to_act || []).map((place) => placeName(state, place));
    return waiting.length ? h("p", { class: "status" }, h("span", { class: "thinking" }), t("multi.ready_wait", { names: waiting.join(", ") })) : null;
  }
  const partner = partnerTable(state);
  if (state.stage === "hand" && partner && partner.status !== "decided") {
    const names = partner.players.map((place) => placeName(state, place));
    return h("p", { class: "status wait-table" }, h("span", { class: "thinking" }), t("multi.wait_table", { table: partner.table + 1, name0: names[0], name1: names[1] }));
  }
  return null;
}

function resultPanel(ctl) {
  const state = ctl.state;
  const parts = [];
  if (state.stage === "over") parts.push(gameOver(state));
  parts.push(...handResult(ctl));
  const roundShown = roundOfPicture(state, ctl.shown);
  if (roundShown) parts.push(roundPanel(state));
  parts.push(roundShown ? null : totalsLine(state), nextHandLine(state), readyRow(ctl));
  if (state.stage === "over") {
    parts.push(h("div", { class: "buttons" },
      h("a", { class: "btn primary", href: `/play/${encodeURIComponent(state.game_id)}?replay${ctl.mode === "watch" && ctl.token ? `#${ctl.token}` : ""}` }, t("btn.replay")),
      tournamentLink(state),
      h("a", { class: "btn", href: "/" }, t("nav.home"))));
  }
  return h("div", { class: ["panel", "result-panel", "multi-result", state.stage === "over" ? "over" : null] }, parts);
}
