// The player's seed for provably fair deals: drawn with WebCrypto, kept per game, sent with
// every ready together with the commitment shown, and checked against what is revealed.
import { h, store } from "./dom.js";
import { t } from "./i18n.js";

const MAX_SEED = 64;

/** 128 random bits from the browser's CSPRNG, as 32 hex digits. */
export function freshSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Why `seed` cannot be sent (a message key), or null: 1 to 64 printable characters. */
export function seedProblem(seed) {
  const chars = [...seed];
  if (chars.length < 1 || chars.length > MAX_SEED) return "fair.seed_length";
  if (/[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u.test(seed)) return "fair.seed_character";
  return null;
}

export function clientSeed(gameId) {
  let seed = store.get(`gin.seed.${gameId}`, null);
  if (typeof seed !== "string" || seedProblem(seed)) {
    seed = freshSeed();
    store.set(`gin.seed.${gameId}`, seed);
  }
  return seed;
}

/** The commitment of the next deal that the player of `state` plays (null: none shown). */
export function nextCommitment(state) {
  const next = state && state.fair && state.fair.next;
  if (!next) return null;
  if (!Array.isArray(next)) return next.commitment;
  const mine = next.find((entry) => (entry.players || []).includes(state.you));
  return mine ? mine.commitment : null;
}

/** The fields a ready carries: my seed, bound to the commitment I was shown (kept, to check). */
export function seedFields(gameId, state) {
  if (state && state.fair && state.fair.duplicate) return {}; // the round's decks take no player's seed
  const commitment = nextCommitment(state);
  if (!commitment) return {};
  const seen = store.get(`gin.seen.${gameId}`, []);
  if (!seen.includes(commitment)) store.set(`gin.seen.${gameId}`, [...seen, commitment].slice(-500));
  return { seed: clientSeed(gameId), commitment };
}

/** Commitments I sent a seed with that the server no longer shows: it changed one. */
export function changedCommitments(gameId, state) {
  const fair = state && state.fair;
  if (!fair) return [];
  const shown = new Set([...(fair.hands || []), ...(fair.deals || [])].map((hand) => hand.commitment));
  const next = fair.next ? (Array.isArray(fair.next) ? fair.next : [fair.next]) : [];
  for (const entry of next) shown.add(entry.commitment);
  const dealt = (fair.hands || fair.deals || []).length;
  return dealt ? store.get(`gin.seen.${gameId}`, []).filter((c) => !shown.has(c)) : [];
}

/** "Check the deals": my seed (changeable), what it does, and the check of the commitments. */
export function seedBox(ctl) {
  if (ctl.readOnly) return null;
  const fair = ctl.state && ctl.state.fair;
  if (fair && fair.duplicate) {
    return h("details", { class: "fair-seed", dataset: { name: "fair-seed" } },
      h("summary", {}, t("fair.link")),
      h("p", { class: "muted" }, t(fair.daily ? "fair.daily" : "fair.duplicate")),
      fair.held ? h("p", { class: "muted" }, t(fair.daily ? "fair.daily_held" : "fair.duplicate_held")) : null);
  }
  const gameId = ctl.gameId;
  const seed = clientSeed(gameId);
  const changed = changedCommitments(gameId, ctl.state);
  // The table is drawn again at every event: what is being typed, the caret and the box's
  // open state outlive the redraw.
  const old = document.activeElement;
  const typing = old && old.dataset && old.dataset.name === "client-seed"
    ? [old.selectionStart, old.selectionEnd] : null;
  const input = h("input", {
    type: "text", class: "link", value: ctl.seedDraft ?? seed, maxlength: 128,
    "aria-label": t("fair.seed_label"), dataset: { name: "client-seed" },
    oninput: (event) => { ctl.seedDraft = event.target.value; },
    onchange: (event) => {
      const value = event.target.value;
      const problem = seedProblem(value);
      if (problem) {
        event.target.setCustomValidity(t(problem, { limit: MAX_SEED }));
        event.target.reportValidity();
        return;
      }
      event.target.setCustomValidity("");
      store.set(`gin.seed.${gameId}`, value);
      ctl.seedDraft = undefined;
      ctl.render();
    },
  });
  if (typing) {
    queueMicrotask(() => {
      input.focus();
      input.setSelectionRange(...typing);
    });
  }
  return h("details", { class: "fair-seed", dataset: { name: "fair-seed" }, open: Boolean(ctl.seedOpen),
    ontoggle: (event) => { ctl.seedOpen = event.target.open; } },
    h("summary", {}, t("fair.link")),
    h("p", { class: "muted" }, t("fair.seed_intro")),
    h("label", {}, t("fair.seed_label"), " ", input),
    h("p", {}, h("button", { type: "button", class: "btn", dataset: { name: "new-seed" }, onclick: () => { store.set(`gin.seed.${gameId}`, freshSeed()); ctl.seedDraft = undefined; ctl.render(); } }, t("fair.seed_new"))),
    changed.length
      ? h("p", { class: "error", role: "alert", dataset: { name: "commitment-changed" } }, t("fair.seen_mismatch", { commitment: changed[0] }))
      : h("p", { class: "muted", dataset: { name: "commitments-ok" } }, t("fair.seen_ok")),
    h("a", { href: `/verify?game=${encodeURIComponent(gameId)}` }, t("fair.title")));
}
