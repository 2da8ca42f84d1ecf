// A seat link (#token) opened at the table: take the seat, asking the newcomer's name, and
// the full-page notices of a seat that cannot be played here (taken, replaced, unknown).
import { api } from "./api.js";
import { clockWords } from "./clockview.js";
import { seatName } from "./describe.js";
import { h, store } from "./dom.js";
import { t } from "./i18n.js";
import { isTableGame } from "./multistate.js";
import { errorText, notify } from "./notices.js";

/**
 * Take the seat of `token` for `screen` (its gameId, root, mode), keep the cookie and drop the
 * token from the address bar. True when the screen may connect (seated, or watching when the
 * token was a watch token); false after showing why not.
 */
export async function takeSeat(screen, token) {
  const game = encodeURIComponent(screen.gameId);
  history.replaceState(null, "", location.pathname + location.search);
  let snapshot;
  try {
    snapshot = await api(`/api/games/${game}?token=${encodeURIComponent(token)}`);
  } catch (error) {
    if (error.code === "invite_spent" && await holdsSeat(game)) {
      notify(t("seat.invite_was_yours"), "warning");
      return true;
    }
    screen.showFatal(error);
    return false;
  }
  const seat = snapshot.seat;
  if (seat === null) {
    // a watch token given as a seat link: watch instead
    screen.mode = "watch";
    screen.readOnly = true;
    screen.token = token;
    history.replaceState(null, "", `/watch/${game}#${token}`);
    return true;
  }
  const info = snapshot.state.seats[seat];
  let name = store.get("gin.name", "");
  for (;;) {
    if (!info.joined) name = await askName(screen.root, snapshot.state, seat, name);
    try {
      await api(`/api/games/${game}/join`, { method: "POST", body: name ? { token, name } : { token } });
      return true;
    } catch (error) {
      if (error.code !== "bad_name" || info.joined) {
        screen.showFatal(error);
        return false;
      }
      notify(errorText(error), "error"); // say what is wrong with the name, and ask again
    }
  }
}

/** This browser's cookie holds a seat of the game (its player opened their invite again). */
async function holdsSeat(game) {
  try {
    const mine = await api(`/api/games/${game}`);
    return mine.seat !== null && mine.seat !== undefined;
  } catch {
    return false;
  }
}

function askName(root, state, seat, saved) {
  return new Promise((resolve) => {
    const host = seatName(state, isTableGame(state) ? 0 : 1 - seat);
    const input = h("input", { name: "name", maxlength: 40, value: saved, autocomplete: "nickname", placeholder: t("new.name_placeholder") });
    const form = h("form", { class: "panel join", onsubmit: (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (name) store.set("gin.name", name);
      resolve(name);
    } },
    h("h1", {}, t("app.title")),
    h("p", {}, t("join.invited", { name: host })),
    state.clock ? h("p", { class: "clock-rules" }, t("clock.summary", { rules: clockWords(state.clock) })) : null,
    h("label", { class: "field" }, h("span", {}, t("new.name")), input),
    h("button", { type: "submit", class: "btn primary big" }, t("join.sit")));
    root.replaceChildren(form);
    input.focus();
  });
}

/** Another window took this seat: say so, and offer to play here again (`reopen`). */
export function showReplaced(root, reopen) {
  root.replaceChildren(h("section", { class: "panel fatal replaced" },
    h("h1", {}, t("seat.replaced_title")),
    h("p", { role: "alert" }, t("seat.replaced")),
    h("button", { type: "button", class: "btn primary", onclick: () => {
      root.replaceChildren(h("p", { class: "loading" }, t("conn.connecting")));
      reopen();
    } }, t("seat.play_here")),
    " ",
    h("a", { class: "btn", href: "/" }, t("btn.home"))));
}

/** A game this page cannot show or play: why, in the reader's language, and the way home. */
export function showFatal(root, error) {
  const code = error && error.code;
  const text = code === "not_found" ? t("error.not_found") : code === "bad_token" ? t("error.bad_token") : errorText(error);
  root.replaceChildren(h("section", { class: `panel fatal${code === "invite_spent" ? " seat-taken" : ""}` },
    h("h1", {}, code === "invite_spent" ? t("seat.taken_title") : t("error.title")),
    h("p", { role: "alert" }, text),
    h("a", { class: "btn primary", href: "/" }, t("btn.home"))));
}
