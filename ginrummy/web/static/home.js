// The home page: a new game against the computer or a friend (every rule editable), and my games.
import { accountPanel, currentAccount } from "./account.js";
import { adjournedWords } from "./adjourned.js";
import { api } from "./api.js";
import { clockBody, clockField, clockSummary, newClockChoice } from "./clockchoice.js";
import { minCompletionField } from "./completionchoice.js";
import { newGameMinimum } from "./completionrules.js";
import { capitalise, optionValue, presetName, rulesSummary, seatName } from "./describe.js";
import { h, store } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./notices.js";
import { unratedReason } from "./ratedrules.js";
import { startSiteNotices } from "./sitenotices.js";

let rulesInfo = null; // GET /api/rules, fetched once

function sameValue(a, b) {
  return (a ?? null) === (b ?? null);
}

/** The form's choices survive a change of language (the page is drawn again); the last game's are remembered. */
const SAVED = "gin.home";
const choice = {
  players: 2,
  seats: ["computer", "computer", "computer"], // places 1..3 of a table of three or four
  teamTarget: 125,
  opponent: "computer",
  level: 3,
  preset: "standard",
  values: null,
  name: store.get("gin.name", ""),
  clock: newClockChoice(),
  ...remembered(),
};

/** The choices of the last game started in this browser, kept only where they still make sense. */
function remembered() {
  const saved = store.get(SAVED, null);
  if (!saved || typeof saved !== "object") return {};
  const out = {};
  if ([2, 3, 4].includes(saved.players)) out.players = saved.players;
  if (["computer", "friend", "anyone"].includes(saved.opponent)) out.opponent = saved.opponent;
  if ([1, 2, 3, 4, 5].includes(saved.level)) out.level = saved.level;
  if (Array.isArray(saved.seats) && saved.seats.length === 3 && saved.seats.every((kind) => ["computer", "friend", "anyone"].includes(kind))) out.seats = saved.seats;
  if (Number.isInteger(saved.teamTarget) && saved.teamTarget > 0) out.teamTarget = saved.teamTarget;
  if (typeof saved.preset === "string") out.preset = saved.preset;
  if (saved.values && typeof saved.values === "object") out.savedValues = saved.values;
  return out;
}

export async function renderHome(main, news = null) {
  if (new URLSearchParams(location.search).get("opponent") === "anyone") { // from the lobby's "open a table"
    choice.opponent = "anyone";
    choice.seats = choice.seats.map((kind) => (kind === "friend" ? "anyone" : kind));
  }
  main.replaceChildren(h("p", { class: "loading" }, t("app.loading")));
  try {
    rulesInfo = rulesInfo || (await api("/api/rules"));
    await currentAccount(); // the account panel draws from it
  } catch (error) {
    main.replaceChildren(h("p", { class: "notice error", role: "alert" }, errorText(error)));
    return;
  }
  if (!rulesInfo.presets[choice.preset]) choice.preset = "standard";
  if (!choice.values) {
    const base = rulesInfo.presets[choice.preset];
    const saved = choice.savedValues || {};
    choice.values = { ...base, ...Object.fromEntries(Object.entries(saved).filter(([key]) => key in base && key !== "name")) };
  }
  const games = h("section", { class: "panel games", id: "games", "aria-labelledby": "games-title" },
    h("h2", { id: "games-title" }, t("games.title")), h("p", { class: "muted" }, t("app.loading")));
  main.replaceChildren(h("div", { class: "home" },
    h("section", { class: "panel intro" }, h("h1", {}, t("app.title")), h("p", {}, t("app.tagline")),
      h("p", { class: "daily-link" }, h("a", { href: "/daily" }, t("daily.link")))),
    newGameForm(await currentAccount()),
    h("div", { class: "home-side" }, games, accountPanel((said) => renderHome(main, said), news))));
  fillGames(games);
  if (location.hash === "#games") games.scrollIntoView();
  startSiteNotices(await currentAccount()); // a sign-in or a sign-out redraws the page
}

/** Whether the game chosen has a computer seat (then it cannot be rated). */
const withComputer = () => (choice.players === 2 ? choice.opponent === "computer" : choice.seats.slice(0, choice.players - 1).includes("computer"));
/** What sits at each other place of the game chosen: "computer", "friend" or "anyone". */
const otherPlaces = () => (choice.players === 2 ? [choice.opponent] : choice.seats.slice(0, choice.players - 1));

function newGameForm(account) {
  const info = rulesInfo;
  const ratedBox = h("input", { type: "checkbox", name: "rated", checked: Boolean(choice.rated), "aria-describedby": "rated-why",
    onchange: (e) => { choice.rated = e.target.checked; refresh(); } });
  const ratedWhy = h("span", { class: "muted rated-why", id: "rated-why", hidden: true });
  const ratedRow = h("div", { class: "rated-row" }, h("label", { class: "inline rated-choice" }, ratedBox, t("new.rated")), ratedWhy);
  const minRow = h("div", {}, minCompletionField(choice.minCompletion ?? null, (minimum) => { choice.minCompletion = minimum; }, "new-min-completion"));
  const summary = h("ul", { class: "summary" });
  const presetDesc = h("p", { class: "muted preset-desc" });
  const error = h("p", { class: "notice error", role: "alert", hidden: true });
  const optionsBox = h("div", { class: "options-grid" });
  const seatsBox = h("div", { class: "table-seats" });
  const opponentBox = h("fieldset", { class: "field opponent" });
  const levelRow = h("label", { class: "field" }, h("span", {}, t("new.level")),
    h("select", { name: "level", onchange: (e) => { choice.level = Number(e.target.value); } },
      info.levels.map((level) => h("option", { value: level, selected: level === choice.level }, t(`level.${level}`)))));

  const refresh = () => {
    let lines = rulesSummary({ ...choice.values, name: choice.preset }, false);
    if (choice.players === 4) {
      // the team game plays to the team target, not the rules' target (R34)
      const target = t("rules.summary.target", { target: choice.values.target });
      lines = lines.filter((line) => line !== target).concat([t("new.summary.teams", { target: choice.teamTarget })]);
    } else if (choice.players === 3) {
      lines = lines.concat([t("new.summary.three")]);
    }
    summary.replaceChildren(...lines.concat([clockSummary(choice.clock)]).map((line) => h("li", {}, line)));
    presetDesc.textContent = t(`preset.${choice.preset}`);
    const computers = withComputer();
    levelRow.hidden = !computers;
    ratedRow.hidden = !account || computers; // between accounts only, no computer seat
    const unrated = unratedReason(info.rated, choice.players, choice.values, choice.teamTarget);
    ratedBox.disabled = Boolean(unrated); // a short game is casual: say why
    ratedBox.checked = !unrated && Boolean(choice.rated);
    ratedWhy.hidden = !unrated;
    ratedWhy.textContent = unrated ? t(`new.${unrated.code}`, { minimum: unrated.minimum }) : "";
    minRow.hidden = ratedRow.hidden || !ratedBox.checked || !otherPlaces().includes("anyone"); // rated open tables only
    opponentBox.hidden = choice.players !== 2;
    for (const row of optionsBox.querySelectorAll("[data-option]")) {
      const name = row.dataset.option;
      const changed = !sameValue(choice.values[name], info.presets[choice.preset][name]);
      row.classList.toggle("changed", changed);
      row.querySelector(".changed-note").hidden = !changed;
      row.querySelector(".value-words").textContent = optionValue(choice.values, name);
    }
  };

  const drawOptions = () => {
    optionsBox.replaceChildren(...info.options.map((meta) => optionRow(meta, refresh)));
  };

  const opponentRadio = (value, label) => h("label", { class: "radio" },
    h("input", { type: "radio", name: "opponent", value, checked: choice.opponent === value,
      onchange: () => { choice.opponent = value; refresh(); } }),
    h("span", {}, label));

  const submit = h("button", { type: "submit", class: "btn primary big" }, t("new.start"));
  const form = h("form", { class: "panel new-game", "aria-labelledby": "new-title", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      error.hidden = true;
      submit.disabled = true;
      submit.textContent = t("new.starting");
      try {
        await startGame();
      } catch (failure) {
        error.textContent = errorText(failure);
        error.hidden = false;
        submit.disabled = false;
        submit.textContent = t("new.start");
      }
    } },
  h("h2", { id: "new-title" }, t("new.title")),
  h("fieldset", { class: "field players" }, h("legend", {}, t("new.players")),
    [2, 3, 4].map((count) => h("label", { class: "radio" },
      h("input", { type: "radio", name: "players", value: count, checked: choice.players === count,
        onchange: () => {
          choice.players = count;
          if (count === 3) choice.values.dealer_rule = "loser"; // R33: the loser deals
          seatsBox.replaceChildren(...tableSeats(refresh));
          drawOptions();
          refresh();
        } }),
      h("span", {}, t(`new.players.${count}`))))),
  opponentBox,
  seatsBox,
  ratedRow,
  minRow,
  h("div", { class: "field-row" },
    levelRow,
    h("label", { class: "field" }, h("span", {}, t("new.name")),
      h("input", { name: "name", maxlength: 40, autocomplete: "nickname", value: choice.name,
        placeholder: t("new.name_placeholder"), oninput: (e) => { choice.name = e.target.value; } }))),
  h("label", { class: "field" }, h("span", {}, t("new.preset")),
    h("select", { name: "preset", onchange: (e) => {
      choice.preset = e.target.value;
      choice.values = { ...info.presets[choice.preset] };
      if (choice.players === 3) choice.values.dealer_rule = "loser";
      drawOptions();
      refresh();
    } }, Object.keys(info.presets).map((name) => h("option", { value: name, selected: name === choice.preset }, presetName(name))))),
  presetDesc,
  error,
  submit,
  clockField(choice.clock, () => refresh()),
  h("details", { class: "options" },
    h("summary", {}, t("new.options")),
    h("p", { class: "muted" }, t("new.options_note")),
    optionsBox,
    h("button", { type: "button", class: "btn", onclick: () => {
      choice.values = { ...info.presets[choice.preset] };
      drawOptions();
      refresh();
    } }, t("new.reset"))),
  h("div", { class: "in-words" }, h("h3", {}, t("new.summary")), summary));
  opponentBox.append(h("legend", {}, t("new.opponent")),
    opponentRadio("computer", t("new.computer")), opponentRadio("friend", t("new.friend")),
    opponentRadio("anyone", t("new.anyone")));
  seatsBox.replaceChildren(...tableSeats(refresh));
  drawOptions();
  refresh();
  return form;
}

/** A table of three or four: what sits at each other place, and the team target (four). */
function tableSeats(refresh) {
  if (choice.players === 2) return [];
  const rows = [];
  for (let place = 1; place < choice.players; place += 1) {
    const role = choice.players === 4 ? t(place === 2 ? "new.partner" : "new.opponent_place") : "";
    rows.push(h("label", { class: "field seat-choice" },
      h("span", {}, t("new.place", { number: place }), role ? h("span", { class: "muted" }, ` (${role})`) : null),
      h("select", { name: `seat-${place}`, onchange: (e) => { choice.seats[place - 1] = e.target.value; refresh(); } },
        ["computer", "friend", "anyone"].map((kind) => h("option", { value: kind, selected: choice.seats[place - 1] === kind }, t(`new.place.${kind}`))))));
  }
  const note = h("p", { class: "muted" }, t(choice.players === 3 ? "new.three_note" : "new.teams_note"));
  const target = choice.players === 4 ? h("label", { class: "field" }, h("span", {}, t("new.team_target")),
    h("input", { type: "number", name: "team_target", min: 1, max: 10000, step: 1, value: choice.teamTarget,
      oninput: (e) => {
        choice.teamTarget = /^\d+$/.test(e.target.value.trim()) ? Number(e.target.value) : e.target.value;
        refresh();
      } })) : null;
  return [h("fieldset", { class: "field" }, h("legend", {}, t("new.places")), rows), note, target];
}

function optionRow(meta, refresh) {
  const name = meta.name;
  const label = capitalise(t(`option.${name}`));
  const set = (value) => { choice.values[name] = value; refresh(); };
  let control;
  if (meta.type === "bool") {
    control = h("input", { type: "checkbox", name, checked: Boolean(choice.values[name]), onchange: (e) => set(e.target.checked) });
  } else if (meta.type === "choice") {
    control = h("select", { name, onchange: (e) => set(e.target.value) },
      meta.choices.map((value) => h("option", { value, selected: value === choice.values[name] }, t(`${name}.${value}`))));
  } else {
    const current = choice.values[name];
    const number = h("input", { type: "number", name, min: 0, step: 1, inputmode: "numeric",
      value: current === null || current === undefined ? (meta.default ?? "") : current,
      disabled: meta.nullable && (current === null || current === undefined),
      oninput: (e) => {
        const value = e.target.value.trim();
        set(value === "" || !/^\d+$/.test(value) ? value : Number(value));
      } });
    if (meta.nullable) {
      const none = h("input", { type: "checkbox", checked: current === null || current === undefined,
        "aria-label": `${label}: ${t("value.no_limit")}`,
        onchange: (e) => {
          number.disabled = e.target.checked;
          if (!e.target.checked && number.value === "") number.value = name === "time_limit_minutes" ? 60 : 10;
          set(e.target.checked ? null : Number(number.value));
        } });
      control = h("span", { class: "nullable" }, number, h("label", { class: "inline" }, none, t("value.no_limit")));
    } else {
      control = number;
    }
  }
  const id = `opt-${name}`;
  if (control.tagName === "INPUT" || control.tagName === "SELECT") control.id = id;
  else control.querySelector("input[type=number]").id = id;
  return h("div", { class: "option", dataset: { option: name } },
    h("label", { for: id }, label),
    control,
    h("span", { class: "value-words muted" }),
    h("span", { class: "changed-note", hidden: true }, t("new.changed")));
}

async function startGame() {
  const presetValues = rulesInfo.presets[choice.preset];
  const options = {};
  for (const meta of rulesInfo.options) {
    const value = choice.values[meta.name];
    if (!sameValue(value, presetValues[meta.name])) options[meta.name] = value;
  }
  let body;
  if (choice.players === 2) {
    body = { opponent: choice.opponent, preset: choice.preset, options };
    if (choice.opponent === "computer") body.level = choice.level;
  } else {
    const seats = choice.seats.slice(0, choice.players - 1);
    body = { players: choice.players, seats, preset: choice.preset, options };
    if (seats.includes("computer")) body.level = choice.level;
    if (choice.players === 3) options.dealer_rule = "loser"; // R33: the server refuses any other
    if (choice.players === 4) body.team_target = choice.teamTarget;
  }
  const unrated = unratedReason(rulesInfo.rated, choice.players, choice.values, choice.teamTarget);
  if (choice.rated && !unrated && !withComputer() && (await currentAccount())) body.rated = true;
  const minimum = newGameMinimum({ rated: Boolean(body.rated), places: otherPlaces(), minimum: choice.minCompletion });
  if (minimum !== null) body.min_completion = minimum;
  const clock = clockBody(choice.clock);
  if (clock) body.clock = clock;
  const name = (choice.name || "").trim();
  body.name = name || t("new.name_placeholder");
  store.set("gin.name", name);
  const { players, opponent, level, seats, teamTarget, preset } = choice;
  store.set(SAVED, { players, opponent, level, seats, teamTarget, preset, values: options });
  const created = await api("/api/games", { method: "POST", body });
  const links = created.links || {};
  store.set(`gin.links.${created.game_id}`, { invite: links.invite || null, watch: links.watch || null, invites: created.invites || [] });
  location.assign(`/play/${encodeURIComponent(created.game_id)}`);
}

async function fillGames(section) {
  let list;
  try {
    list = (await api("/api/games/mine")).games || [];
  } catch (error) {
    section.replaceChildren(h("h2", { id: "games-title" }, t("games.title")), h("p", { class: "notice error" }, errorText(error)));
    return;
  }
  const ended = (game) => game.status === "over" || game.status === "abandoned";
  const going = list.filter((game) => !ended(game));
  const over = list.filter(ended);
  const content = [h("h2", { id: "games-title" }, t("games.title"))];
  if (!list.length) content.push(h("p", { class: "muted" }, t((await currentAccount()) ? "games.none_account" : "games.none")));
  if (going.length) content.push(h("h3", {}, t("games.in_progress")), h("ul", { class: "game-list" }, going.map(gameItem)));
  if (over.length) content.push(h("h3", {}, t("games.finished")), h("ul", { class: "game-list" }, over.map(gameItem)));
  section.replaceChildren(...content);
}

/** A table of three or four in "my games": its players, its totals, whose turn. */
function tableItem(game) {
  const me = game.seat;
  const seats = game.seats || [];
  const others = seats.filter((seat) => seat.seat !== me).map((seat) => seatName({ seats }, seat.seat));
  const toAct = Array.isArray(game.to_act) ? game.to_act : [game.to_act];
  const yourTurn = toAct.includes(me);
  let status;
  if (game.status === "waiting") status = t("games.waiting");
  else if (game.status === "over") status = game.winner === null || game.winner === undefined ? t("games.tie") : t("games.over");
  else status = t(yourTurn ? "games.your_turn" : "games.their_turn");
  status = adjournedWords(game) || status;
  const table = `/play/${encodeURIComponent(game.game_id)}`;
  const details = [presetName(game.rules)];
  if (game.level) details.push(t("games.level", { level: game.level }));
  return h("li", { class: ["game-item", "table-item", yourTurn && game.status !== "over" ? "your-turn" : null], dataset: { game: game.game_id, players: String(seats.length) } },
    h("div", { class: "game-main" },
      h("a", { href: table, class: "game-title" }, tableTitle(seats, me, others)),
      h("span", { class: "muted" }, details.join(" · "))),
    h("span", { class: "game-score" }, (game.totals || []).join(" – ")),
    h("span", { class: "game-status" }, status),
    h("span", { class: "game-actions" },
      h("a", { class: "btn small", href: table }, t(game.status === "over" ? "games.result" : "games.continue")),
      game.status === "over" ? h("a", { class: "btn small", href: `${table}?replay` }, t("games.replay")) : null,
      game.record ? h("a", { class: "btn small", href: `/verify?game=${encodeURIComponent(game.game_id)}` }, t("fair.link")) : null));
}

/** Three players: who else plays; four: the two teams (places 0 and 2 against 1 and 3), yours first. */
function tableTitle(seats, me, others) {
  if (seats.length !== 4) return t("games.three", { names: others.join(", ") });
  const team = (parity) => seats.filter((seat) => seat.seat % 2 === parity).map((seat) => seatName({ seats }, seat.seat)).join(" & ");
  const mine = (me ?? 0) % 2;
  return t("games.teams", { mine: team(mine), theirs: team(1 - mine) });
}

function gameItem(game) {
  if ((game.seats || []).length > 2) return tableItem(game);
  const me = game.seat;
  const other = (game.seats || []).find((seat) => seat.seat !== me) || { name: "?" };
  const otherName = seatName({ seats: game.seats }, other.seat);
  const totals = game.totals || [0, 0];
  let status;
  if (game.status === "waiting") status = t("games.waiting");
  else if (game.status === "over") status = game.winner === null || game.winner === undefined ? t("games.tie") : t(game.winner === me ? "games.won" : "games.lost");
  else if (game.stage === "between_hands") status = t("games.between");
  else status = t(game.your_turn ? "games.your_turn" : "games.their_turn");
  status = adjournedWords(game) || status;
  const table = `/play/${encodeURIComponent(game.game_id)}`;
  const details = [t("games.against", { name: other.seat === undefined ? other.name : otherName }), presetName(game.rules)];
  if (game.level) details.push(t("games.level", { level: game.level }));
  if (game.hand_number) details.push(t("games.hand", { number: game.hand_number }));
  return h("li", { class: ["game-item", game.your_turn && game.status !== "over" ? "your-turn" : null], dataset: { game: game.game_id } },
    h("div", { class: "game-main" },
      h("a", { href: table, class: "game-title" }, details[0]),
      h("span", { class: "muted" }, details.slice(1).join(" · "))),
    h("span", { class: "game-score", title: `${totals[me]} – ${totals[1 - me]}` }, t("games.score", { mine: totals[me], theirs: totals[1 - me] })),
    h("span", { class: "game-status" }, status),
    h("span", { class: "game-actions" },
      h("a", { class: "btn small", href: table }, t(game.status === "over" ? "games.result" : "games.continue")),
      game.status === "over" ? h("a", { class: "btn small", href: `${table}?replay` }, t("games.replay")) : null,
      game.record ? h("a", { class: "btn small", href: `/verify?game=${encodeURIComponent(game.game_id)}` }, t("fair.link")) : null));
}
