// The home page's account panel: sign up, sign in, sign out, change the password, delete the account.
// Guests need none of it: their games stay in this browser, as before.
import { api } from "./api.js";
import { challengeSetting } from "./challenges.js";
import { h } from "./dom.js";
import { t, tp } from "./i18n.js";
import { friendsAndBlocks } from "./friendlist.js";
import { errorText } from "./notices.js";
import { removableList } from "./removablelist.js";

let account; // undefined: not asked yet; null: a guest; else {username, created_at}

/** The signed-in account (null for a guest), asked of the server once per page. */
export async function currentAccount() {
  if (account === undefined) {
    try {
      account = (await api("/api/session")).account;
    } catch {
      account = null;
    }
  }
  return account;
}

/** The panel; `changed(news)` redraws the home page after a sign-in, sign-out or deletion. */
export function accountPanel(changed, news = null) {
  const panel = h("section", { class: "panel account", id: "account", "aria-labelledby": "account-title" });
  const draw = (news = null) => {
    const content = account ? signedInParts(draw, changed) : signedOutParts(changed);
    const status = news ? h("p", { class: "notice info", role: "status" }, news) : null;
    panel.replaceChildren(...[h("h2", { id: "account-title" }, t("account.title")), status, ...content].filter(Boolean));
  };
  draw(news);
  return panel;
}

/** A form that sends `send(values)`, shows the server's error in words, and says when it is busy. */
function accountForm(name, fields, label, send, extra = {}) {
  const error = h("p", { class: "notice error", role: "alert", hidden: true });
  const button = h("button", { type: "submit", class: extra.danger ? "btn danger" : "btn primary" }, label);
  const inputs = fields.map((field) => h("input", {
    name: field.name, id: `${name}-${field.name}`, type: field.type || "text", autocomplete: field.autocomplete,
    required: true, maxlength: field.type === "password" ? 128 : 20, spellcheck: "false", autocapitalize: "none",
    "aria-describedby": field.hint ? `${name}-${field.name}-hint` : null,
  }));
  const form = h("form", { class: "account-form", name, novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      error.hidden = true;
      button.disabled = true;
      button.textContent = t("account.working");
      const values = Object.fromEntries(inputs.map((input) => [input.name, input.value]));
      try {
        await send(values);
      } catch (failure) {
        error.textContent = errorText(failure);
        error.hidden = false;
        button.disabled = false;
        button.textContent = label;
      }
    } },
  extra.note ? h("p", { class: "muted" }, extra.note) : null,
  fields.map((field, index) => h("label", { class: "field", for: inputs[index].id },
    h("span", {}, field.label), inputs[index],
    field.hint ? h("span", { class: "muted field-hint", id: `${name}-${field.name}-hint` }, field.hint) : null)),
  error, button);
  return form;
}

function signedOutParts(changed) {
  let mode = "sign-in";
  const box = h("div", {});
  const start = async (path, values) => {
    const answer = await api(path, { method: "POST", body: { username: values.username, password: values.password } });
    account = answer.account;
    changed(answer.claimed ? tp("account.claimed", answer.claimed) : null);
  };
  const draw = () => {
    const signUp = mode === "sign-up";
    const form = signUp
      ? accountForm("sign-up", [
        { name: "username", label: t("account.username"), autocomplete: "username", hint: t("account.username_hint") },
        { name: "password", label: t("account.password"), type: "password", autocomplete: "new-password", hint: t("account.password_hint") },
      ], t("account.sign_up"), (values) => start("/api/accounts", values))
      : accountForm("sign-in", [
        { name: "username", label: t("account.username"), autocomplete: "username" },
        { name: "password", label: t("account.password"), type: "password", autocomplete: "current-password" },
      ], t("account.sign_in"), (values) => start("/api/session", values));
    box.replaceChildren(form, h("button", { type: "button", class: "btn link switch", onclick: () => {
      mode = signUp ? "sign-in" : "sign-up";
      draw();
      box.querySelector("input").focus();
    } }, t(signUp ? "account.to_sign_in" : "account.to_sign_up")));
  };
  draw();
  return [h("p", { class: "muted" }, t("account.intro")), box];
}

function signedInParts(draw, changed) {
  const signOut = async (everywhere) => {
    await api(`/api/session${everywhere ? "?everywhere=1" : ""}`, { method: "DELETE" });
    account = null;
    changed(t("account.signed_out"));
  };
  const password = accountForm("change-password", [
    { name: "password", label: t("account.current_password"), type: "password", autocomplete: "current-password" },
    { name: "new_password", label: t("account.new_password"), type: "password", autocomplete: "new-password", hint: t("account.password_hint") },
  ], t("account.change_password"), async (values) => {
    await api("/api/accounts/me/password", { method: "POST", body: values });
    draw(t("account.password_changed"));
  });
  const removal = accountForm("delete-account", [
    { name: "password", label: t("account.password"), type: "password", autocomplete: "current-password" },
  ], t("account.delete_confirm"), async (values) => {
    await api("/api/accounts/me", { method: "DELETE", body: values });
    account = null;
    changed(t("account.deleted"));
  }, { danger: true, note: t("account.delete_note") });
  const failed = h("p", { class: "notice error", role: "alert", hidden: true });
  const button = (label, everywhere) => h("button", { type: "button", class: "btn", onclick: async () => {
    try {
      await signOut(everywhere);
    } catch (failure) {
      failed.textContent = errorText(failure);
      failed.hidden = false;
    }
  } }, label);
  return [
    h("p", { class: "signed-in" }, t("account.signed_in", { username: account.username }), " ",
      h("a", { href: `/players/${encodeURIComponent(account.username)}`, class: "my-profile" }, t("profile.mine"))),
    h("p", { class: "muted" }, t("account.games_follow")),
    h("div", { class: "account-actions" }, button(t("account.sign_out"), false), button(t("account.sign_out_everywhere"), true)),
    failed,
    ...friendsAndBlocks(),
    challengeSetting(),
    mutedPlayers(),
    h("details", { class: "options" }, h("summary", {}, t("account.change_password")), password),
    h("details", { class: "options" }, h("summary", {}, t("account.delete")), removal),
  ];
}

/** The players this account muted in the chats, read when opened, each with a button that lifts the mute. */
function mutedPlayers() {
  return removableList({
    section: "options mutes", listClass: "mute-list", title: t("account.mutes"), note: t("account.mutes_note"),
    none: () => t("account.mutes_none"),
    read: async () => (await api("/api/accounts/me/mutes")).mutes,
    row: (mute, remove) => h("li", {}, h("span", { class: "mute-name" }, mute.name), " ", remove),
    removal: (mute) => ({ url: `/api/accounts/me/mutes/${mute.id}`, label: t("chat.unmute", { name: mute.name }) }),
  });
}
