// The fair-deal check at /verify: a game record (from this server, a file or pasted) checked
// hand by hand in this browser by fairdeck.js. The server only hands over the record.
import { api } from "./api.js";
import { h } from "./dom.js";
import { cardText, t, tp } from "./i18n.js";
import { errorText } from "./notices.js";
import { VERSION, checkRecord, parseRecord } from "./fairdeck.js";

const CARD_PARAMS = ["card", "expected"];

export class VerifyScreen {
  constructor(root, { gameId = null, token = null } = {}) {
    Object.assign(this, { root, gameId, token });
    this.text = "";
    this.outcome = null; // {fileProblem} | {loadError} | {record, verdict}
    this.checking = false;
  }

  async start() {
    this.render();
    if (!this.gameId) return;
    this.checking = true;
    this.render();
    try {
      const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
      const answer = await api(`/api/games/${encodeURIComponent(this.gameId)}/record${query}`);
      this.text = JSON.stringify(answer.record.record, null, 1);
    } catch (error) {
      this.checking = false;
      this.outcome = { loadError: error };
      this.render();
      return;
    }
    await this.check();
  }

  async check() {
    this.checking = true;
    this.render();
    try {
      const record = parseRecord(this.text);
      this.outcome = { record, verdict: await checkRecord(record) };
    } catch (error) {
      if (!error.problem) throw error;
      this.outcome = { fileProblem: error.problem };
    } finally {
      this.checking = false;
      this.render();
    }
  }

  async load(file) {
    if (!file) return;
    try {
      this.text = await file.text();
    } catch (error) {
      this.outcome = { fileProblem: { code: "unreadable", name: file.name, error: String(error.message || error) } };
      this.render();
      return;
    }
    await this.check();
  }

  render() {
    const area = h("textarea", { id: "verify-record", name: "record", rows: 10, spellcheck: "false", value: this.text,
      oninput: (event) => { this.text = event.target.value; } });
    const form = h("form", { class: "verify-form", onsubmit: (event) => { event.preventDefault(); this.check(); } },
      h("label", { for: "verify-record" }, t("fair.paste")),
      area,
      h("div", { class: "verify-actions" },
        h("button", { type: "submit", class: "btn primary", dataset: { name: "check" }, disabled: this.checking }, t("fair.check")),
        h("label", { class: "btn" }, t("fair.load_file"),
          h("input", { type: "file", name: "file", accept: ".json,application/json", class: "sr-only",
            onchange: (event) => this.load(event.target.files[0]) }))));
    this.root.replaceChildren(h("section", { class: "panel verify-page" },
      h("h1", {}, t("fair.title")),
      h("p", { class: "fair-intro" }, t("fair.intro", { version: VERSION })),
      h("p", { class: "muted" }, t("fair.scope")),
      this.gameId ? h("p", {}, t("fair.from_game", { game: this.gameId })) : null,
      form,
      h("div", { class: "verify-result", "aria-live": "polite" }, this.result())));
  }

  result() {
    if (this.checking) return h("p", { class: "loading" }, t("fair.checking"));
    const outcome = this.outcome;
    if (!outcome) return null;
    if (outcome.loadError) return h("p", { class: "verify-summary problem", role: "alert" }, t("fair.load_failed", { game: this.gameId, error: errorText(outcome.loadError) }));
    if (outcome.fileProblem) return h("p", { class: "verify-summary problem", role: "alert" }, t("fair.bad_file", { problem: problemText("file", outcome.fileProblem) }));
    const { record, verdict } = outcome;
    const bad = verdict.hands.filter((problems) => problems.length).length;
    const count = record.hands.length;
    let summary;
    if (!bad && !verdict.game.length) summary = tp("fair.summary_ok", count);
    else if (bad) summary = t("fair.summary_problem", { bad, count });
    else summary = t("fair.summary_game");
    const lines = [];
    record.hands.forEach((hand, index) => {
      const problems = verdict.hands[index];
      if (!problems.length) {
        lines.push(h("li", { class: "ok", dataset: { hand: index + 1 } }, "✔ ", t(hand.fair.version === 2 ? "fair.hand_ok" : "fair.hand_ok_v1", { number: index + 1, commitment: hand.fair.commitment })));
      }
      for (const problem of problems) {
        lines.push(h("li", { class: "problem", dataset: { hand: index + 1 } }, "✘ ", t("fair.hand_problem", { number: index + 1, problem: problemText("problem", problem) })));
      }
    });
    for (const problem of verdict.game) lines.push(h("li", { class: "problem" }, "✘ ", t("fair.game_problem", { problem: problemText("problem", problem) })));
    const ok = !bad && !verdict.game.length;
    return [h("p", { class: ["verify-summary", ok ? "ok" : "problem"], role: ok ? "status" : "alert" }, summary),
      h("ol", { class: "verify-hands" }, lines)];
  }
}

/** A problem {code, ...params} in words; a seat's problem says which seat. */
function problemText(kind, problem) {
  const params = { ...problem };
  for (const key of CARD_PARAMS) if (key in params) params[key] = cardText(params[key]);
  const text = t(`fair.${kind}.${problem.code}`, params);
  return problem.seat === undefined ? text : t("fair.problem.seat", { seat: problem.seat, problem: text });
}
