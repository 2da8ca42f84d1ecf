// @ts-check
// Challenges in the page (PROTOCOL.md "Challenges"): the small form that challenges a player
// (rules preset, rated or not, clock), and the notices of challenges received (Accept /
// Decline) and of the answers to those sent (accepted: both go to the table). Every page is
// told each change live (sitenotices.js: the lobby's, a table's or the notices' socket); a
// profile also asks about the challenge it sent until it is answered.
import { api } from "./api.js";
import { challengeBody, challengeNews, waitingAnswers } from "./challengerules.js";
import { clockBody, clockField, newClockChoice } from "./clockchoice.js";
import { clockRules } from "./clockview.js";
import { presetName } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, notify } from "./notices.js";
import { unratedReason } from "./ratedrules.js";

/** @typedef {import("./challengerules.js").Challenge} Challenge */

/** How often a page without the lobby's socket asks about a challenge it sent (ms). */
const ASK_MS = 3000;

/** @type {any} GET /api/rules, fetched once */
let rulesInfo = null;

/**
 * The rules, rated or not, and the clock of a challenge, in words.
 * @param {Challenge} challenge
 */
export function challengeTerms(challenge) {
  const rules = challenge.rules.rules;
  return [t("challenge.rules_line", { preset: presetName(String(rules.name)), target: String(rules.target) }),
    t(challenge.rated ? "challenge.rated" : "challenge.casual"), t("clock.summary", { rules: clockRules(challenge.clock) })].join(" · ");
}

/**
 * Open the form that challenges `username`; `sent(challenge)` once the server took it.
 * @param {string} username
 * @param {(challenge: Challenge) => void} sent
 */
export async function openChallengeForm(username, sent) {
  try {
    rulesInfo = rulesInfo || (await api("/api/rules"));
  } catch (error) {
    notify(errorText(error));
    return;
  }
  const info = rulesInfo;
  const choice = { preset: "standard", rated: false, clock: newClockChoice() };
  const error = h("p", { class: "notice error", role: "alert", hidden: true });
  const ratedNote = h("p", { class: "muted", id: "challenge-rated-note" });
  const rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", name: "rated", "aria-describedby": "challenge-rated-note",
    onchange: () => { choice.rated = rated.checked; } }));
  const refreshRated = () => {
    const unrated = unratedReason(info.rated, 2, info.presets[choice.preset], null);
    rated.disabled = unrated !== null;
    if (unrated) { rated.checked = false; choice.rated = false; }
    ratedNote.textContent = unrated ? t(`new.${unrated.code}`, { minimum: unrated.minimum }) : "";
    ratedNote.hidden = !unrated;
  };
  const send = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "btn primary", name: "send" }, t("challenge.send")));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "challenge-dialog", "aria-labelledby": "challenge-title" },
    h("form", { class: "challenge-form", onsubmit: async (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      error.hidden = true;
      send.disabled = true;
      try {
        const answer = await api("/api/challenges", { method: "POST",
          body: challengeBody(username, { preset: choice.preset, rated: choice.rated, clock: clockBody(choice.clock) }) });
        dialog.close();
        sent(answer.challenge);
      } catch (failure) {
        error.textContent = errorText(failure);
        error.hidden = false;
        send.disabled = false;
      }
    } },
    h("h2", { id: "challenge-title" }, t("challenge.title", { name: username })),
    h("label", { class: "field" }, h("span", {}, t("challenge.rules")),
      h("select", { name: "preset", onchange: (/** @type {Event} */ e) => {
        choice.preset = /** @type {HTMLSelectElement} */ (e.target).value;
        refreshRated();
      } }, Object.keys(info.presets).map((name) => h("option", { value: name, selected: name === choice.preset }, presetName(name))))),
    h("label", { class: "radio" }, rated, h("span", {}, t("challenge.rated_choice"))),
    ratedNote,
    clockField(choice.clock, () => {}),
    error,
    h("div", { class: "form-actions" }, send,
      h("button", { type: "button", class: "btn", onclick: () => dialog.close() }, t("challenge.cancel"))))));
  refreshRated();
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

/**
 * What a challenge's news says, in words.
 * @param {Challenge} challenge
 * @param {import("./challengerules.js").ChallengeNews} news
 */
export function challengeText(challenge, news) {
  return t(news.key, { name: news.name, terms: challengeTerms(challenge) });
}

/** The notices of one page's challenges, for the signed-in reader `me`. */
export class ChallengeNotices {
  /** @param {string} me */
  constructor(me) {
    this.me = me;
    /** @type {Set<string>} challenges already told in their present status */
    this.told = new Set();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.asking = undefined;
    /** @type {Map<string, HTMLElement>} the notices of challenges received, by id */
    this.waiting = new Map();
  }

  /** Show the challenges received that wait for an answer (the page has just opened). */
  async load() {
    try {
      const mine = await api("/api/challenges");
      for (const challenge of waitingAnswers(mine.received)) this.show(challenge);
    } catch {
      // the socket tells the next ones
    }
  }

  /**
   * A challenge as the server told it now; what it told the reader (null: nothing new).
   * @param {Challenge} challenge
   * @returns {import("./challengerules.js").ChallengeNews | null}
   */
  show(challenge) {
    const seen = `${challenge.id} ${challenge.status}`;
    if (this.told.has(seen)) return null;
    this.told.add(seen);
    const asked = this.waiting.get(challenge.id);
    if (asked && challenge.status !== "open") { // answered, withdrawn or lapsed: no more Accept
      asked.remove();
      this.waiting.delete(challenge.id);
    }
    const news = challengeNews(challenge, this.me);
    if (!news) return null;
    const text = challengeText(challenge, news);
    if (news.kind === "go" && news.link) {
      notify(text, "info");
      location.assign(news.link);
    } else if (news.kind === "incoming") {
      const item = notify(text, "challenge", challenge.seconds_left, [
        { label: t("challenge.accept"), primary: true, name: "accept", onclick: () => this.answer(challenge, true) },
        { label: t("challenge.decline"), name: "decline", onclick: () => this.answer(challenge, false) },
      ]);
      if (item) this.waiting.set(challenge.id, item);
    } else {
      notify(text, "info", 8);
    }
    return news;
  }

  /**
   * Accept (go to the table) or decline a challenge received.
   * @param {Challenge} challenge
   * @param {boolean} accepting
   */
  async answer(challenge, accepting) {
    try {
      if (accepting) {
        this.told.add(`${challenge.id} accepted`); // the answer, not the socket, takes the reader to the table
        const answer = await api(`/api/challenges/${challenge.id}/accept`, { method: "POST", body: {} });
        location.assign(answer.game.links.play);
      } else {
        await api(`/api/challenges/${challenge.id}`, { method: "DELETE", body: {} });
      }
    } catch (error) {
      this.told.delete(`${challenge.id} accepted`);
      notify(errorText(error));
    }
  }

  /**
   * Ask about a challenge sent until it is answered (a page without the lobby's socket).
   * @param {Challenge} challenge
   */
  follow(challenge) {
    this.show(challenge);
    clearTimeout(this.asking);
    this.asking = setTimeout(async () => {
      try {
        const mine = await api("/api/challenges");
        const now = mine.sent.find((/** @type {Challenge} */ one) => one.id === challenge.id);
        if (now && now.status === "open") this.follow(now);
        else if (now) this.show(now);
      } catch {
        this.follow(challenge);
      }
    }, ASK_MS);
  }

  close() {
    clearTimeout(this.asking);
  }
}

/** The account panel's choice of whom the account takes challenges from, read when drawn. */
export function challengeSetting() {
  const status = h("p", { class: "muted", role: "status" });
  const select = /** @type {HTMLSelectElement} */ (h("select", { name: "challenges-from", id: "challenges-from", disabled: true,
    onchange: async () => {
      status.textContent = "";
      try {
        await api("/api/accounts/me/challenges", { method: "PUT", body: { from: select.value } });
        status.textContent = t("challenge.setting_saved");
      } catch (error) {
        status.textContent = errorText(error);
      }
    } }, ["everyone", "friends", "no_one"].map((value) => h("option", { value }, t(`challenge.from.${value}`)))));
  api("/api/accounts/me/challenges").then((answer) => {
    select.value = answer.from;
    select.disabled = false;
  }, (error) => { status.textContent = errorText(error); });
  return h("div", { class: "field challenge-setting" },
    h("label", { for: "challenges-from" }, t("challenge.setting")), select, status);
}
