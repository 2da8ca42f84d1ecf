// The table's chat: the players' lines (or, watching, the watchers'), quick phrases, mute and report. Every line is shown as text.
import { currentAccount } from "./account.js";
import { h, store } from "./dom.js";
import { t } from "./i18n.js";

export const PHRASES = ["hello", "good_luck", "good_game", "well_played", "thanks", "sorry", "bye"];
const MAX_CHAT = 200;
const MUTED = "gin.muted";
/** The server's refusals of a chat line, a report or a mute: shown in the chat box, nothing else changed. */
export const CHAT_ERRORS = ["bad_chat", "chat_rate_limited", "no_such_chat", "chat_at_your_seat", "too_many_reports",
  "sign_in_to_mute", "not_an_account", "too_many_mutes"];

/** The chat's state kept by the table screen: its lines, the draft, who is muted here, the muted lines opened. */
export function newChat() {
  return { lines: [], draft: "", muted: new Set(store.get(MUTED, [])), reported: new Set(), notice: "", shown: new Map() };
}

/** A `chat`, `chat_history` or `chat_shown` (a muted line's words, asked for) from the server. */
export function chatReceived(chat, message) {
  if (message.type === "chat_shown") chat.shown.set(message.chat_id, { text: message.text, phrase: message.phrase });
  else if (message.type === "chat_history") chat.lines = message.lines.slice();
  else if (message.type === "chat" && !chat.lines.some((line) => line.chat_id === message.chat_id)) chat.lines.push(message);
  chat.lines = chat.lines.slice(-100);
}

/** A chat line (text or phrase) to the players, or watching, to the watchers; false if not connected. */
function sendChat(ctl, body) {
  const name = (store.get("gin.name", "") || "").trim();
  const message = { type: "chat", ...body, ...(ctl.readOnly && name ? { name } : {}) };
  return Boolean(ctl.connection && ctl.connection.send(message));
}

function reportChat(ctl, chatId) {
  return Boolean(ctl.connection && ctl.connection.send({ type: "chat_report", chat_id: chatId }));
}

/** Open a muted line: its words, kept in this browser (muted here), or asked of the server, which sent
 * only a placeholder (muted by the account). */
function showLine(ctl, line) {
  if (line.text != null || line.phrase != null) ctl.chat.shown.set(line.chat_id, { text: line.text, phrase: line.phrase });
  else if (ctl.connection) ctl.connection.send({ type: "chat_show", chat_id: line.chat_id });
}

/** Draw the screen with `render`, keeping the chat's input focused (with the cursor at its end) if it was. */
export function keepChatFocus(root, render) {
  const active = document.activeElement;
  const typing = active && active.dataset && active.dataset.focus === "chat";
  render();
  const input = typing && root.querySelector('[data-focus="chat"]');
  if (input) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
}

function speaker(line) {
  return line.seat === null || line.seat === undefined ? `w:${line.name}` : `s:${line.seat}:${line.name}`;
}

/** Mute (or unmute) whoever said `line`: their account on the server, at every table and in any
 * browser, when both reader and speaker are signed in (the history that answers marks their lines);
 * otherwise the speaker's seat and name, in this browser. */
async function mute(ctl, line, on) {
  const chat = ctl.chat;
  const key = speaker(line);
  if (!on && chat.muted.has(key)) {
    chat.muted.delete(key);
    store.set(MUTED, [...chat.muted]);
  }
  if (line.by_account && (line.muted || on) && (await currentAccount())) {
    if (ctl.connection) ctl.connection.send({ type: "chat_mute", chat_id: line.chat_id, mute: on });
    return;
  }
  if (on) chat.muted.add(key);
  store.set(MUTED, [...chat.muted]);
}

/** The chat box of a table, or with `words` ({title, note, mayNotSay}) of the lobby: `mayNotSay` replaces the form (a guest reads only). */
export function chatBox(ctl, words = null) {
  const chat = ctl.chat;
  if (!chat || ctl.mode === "replay") return null;
  const watching = ctl.readOnly;
  const title = words ? words.title : t(watching ? "chat.watchers_title" : "chat.title");
  const note = words ? words.note : t(watching ? "chat.watchers_note" : "chat.players_note");
  const send = (body) => {
    if (!sendChat(ctl, body)) return;
    chat.draft = "";
    chat.notice = "";
    ctl.render();
  };
  const input = h("input", { type: "text", name: "chat", maxlength: MAX_CHAT, value: chat.draft, autocomplete: "off",
    "aria-label": t("chat.say"), placeholder: t("chat.say"), dataset: { focus: "chat" },
    oninput: (event) => { chat.draft = event.target.value; } });
  const lines = chat.lines.map((line) => {
    const muted = Boolean(line.muted) || chat.muted.has(speaker(line));
    const opened = muted ? chat.shown.get(line.chat_id) : undefined;
    const words = opened || line;
    const said = words.phrase ? t(`chat.phrase.${words.phrase}`) : words.text;
    return h("li", { class: ["chat-line", muted ? "muted-line" : null], dataset: { chat: String(line.chat_id) } },
      h("span", { class: "chat-name" }, `${line.name}: `),
      h("span", { class: "chat-text" }, muted && !opened ? t("chat.muted_line") : said),
      h("span", { class: "chat-tools" },
        muted && !opened ? h("button", { type: "button", class: "link-button",
          onclick: () => { showLine(ctl, line); ctl.render(); } }, t("chat.show", { name: line.name })) : null,
        h("button", { type: "button", class: "link-button", onclick: async () => { await mute(ctl, line, !muted); ctl.render(); } },
          t(muted ? "chat.unmute" : "chat.mute", { name: line.name })),
        chat.reported.has(line.chat_id) ? h("span", { class: "muted" }, t("chat.reported"))
          : h("button", { type: "button", class: "link-button", onclick: () => {
            if (reportChat(ctl, line.chat_id)) chat.reported.add(line.chat_id);
            ctl.render();
          } }, t("chat.report"))));
  });
  return h("details", { class: "chat-box", open: store.get("gin.chat_open", false),
    ontoggle: (event) => store.set("gin.chat_open", event.target.open) },
    h("summary", {}, title,
      chat.lines.length ? h("span", { class: "badge" }, String(chat.lines.length)) : null),
    h("p", { class: "muted" }, note),
    h("ol", { class: "chat-lines", "aria-live": "polite" }, lines),
    chat.notice ? h("p", { class: "notice error", role: "alert" }, chat.notice) : null,
    words && words.mayNotSay ? h("p", { class: "muted" }, words.mayNotSay) : [h("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = chat.draft.trim();
      if (text) send({ text });
    } }, input, h("button", { type: "submit", class: "btn small" }, t("chat.send"))),
    h("div", { class: "chat-phrases" }, PHRASES.map((phrase) =>
      h("button", { type: "button", class: "btn small", onclick: () => send({ phrase }) }, t(`chat.phrase.${phrase}`))))]);
}
