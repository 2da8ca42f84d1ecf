// @ts-check
// Friends and blocks, kept with the account (PROTOCOL.md "Friends and blocks"): the account
// panel's lists of the players it follows and blocked, each with a button that ends it, and a
// profile's Follow and Block buttons.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./notices.js";
import { friendsFirst, standingOf } from "./onlinerules.js";
import { removableList } from "./removablelist.js";

/**
 * @typedef {{ username: string, profile: string, mutual: boolean, online?: boolean, watch?: string | null }} Followed
 * @typedef {{ username: string, profile: string }} Blocked
 */

/** @param {string} username */
const path = (username) => encodeURIComponent(username);

/**
 * One of the account panel's lists, read when opened: `kind` "friends" or "blocks".
 * @param {"friends" | "blocks"} kind
 */
function accountList(kind) {
  const friends = kind === "friends";
  /** @type {import("./removablelist.js").ListSpec<Followed | Blocked>} */
  const spec = {
    section: `options ${kind}`, listClass: "mute-list social-list",
    title: t(friends ? "friends.title" : "friends.blocks_title"),
    note: t(friends ? "friends.note" : "friends.blocks_note"),
    none: () => t(friends ? "friends.none" : "friends.blocks_none"),
    read: async () => {
      const answer = await api(`/api/accounts/me/${kind}`);
      return friends ? friendsFirst(answer.friends) : answer.blocks;
    },
    row: (one, remove) => h("li", { dataset: { player: one.username } },
      h("a", { href: one.profile }, one.username), " ", followedWords(one), " ", remove),
    removal: (one) => ({ url: `/api/accounts/me/${kind}/${path(one.username)}`,
      label: t(friends ? "friends.unfollow_name" : "friends.unblock_name", { name: one.username }) }),
  };
  return removableList(spec);
}

/**
 * What the account's list says of a player it follows: a friend (online, and the game to watch) or not yet.
 * @param {Followed | Blocked} one
 */
function followedWords(one) {
  if (!("mutual" in one)) return null;
  if (!one.mutual) return h("span", { class: "muted" }, t("friends.one_way"));
  return [h("span", { class: "badge friend" }, t("online.friend")), " ",
    h("span", { class: "muted" }, t(one.online ? "friends.online" : "friends.offline")),
    one.watch ? [" ", h("a", { class: "btn small", href: one.watch }, t("online.watch", { name: one.username }))] : null];
}

/** The account panel's two lists: the players the account follows, and those it blocked. */
export function friendsAndBlocks() {
  return [accountList("friends"), accountList("blocks")];
}

/**
 * A profile's Follow and Block buttons, for a signed-in reader looking at another player.
 * @param {string} username
 */
export function followControls(username) {
  const box = h("div", { class: "follow-controls" });
  const status = h("p", { class: "muted follow-status", role: "status" });
  const failed = h("p", { class: "notice error", role: "alert", hidden: true });
  /**
   * @param {"friends" | "blocks"} kind
   * @param {boolean} on
   */
  const change = async (kind, on) => {
    failed.hidden = true;
    try {
      await api(`/api/accounts/me/${kind}/${path(username)}`, { method: on ? "PUT" : "DELETE" });
      await draw();
    } catch (failure) {
      failed.textContent = errorText(failure);
      failed.hidden = false;
    }
  };
  const draw = async () => {
    try {
      const [friends, blocks] = await Promise.all([api("/api/accounts/me/friends"), api("/api/accounts/me/blocks")]);
      const standing = standingOf(friends.friends, blocks.blocks, username);
      status.textContent = t(standing.blocked ? "friends.you_blocked" : standing.friends ? "friends.you_are_friends"
        : standing.following ? "friends.you_follow" : "friends.you_do_not_follow", { name: username });
      box.replaceChildren(...[
        standing.blocked ? null : h("button", { type: "button", class: standing.following ? "btn small" : "btn small primary",
          onclick: () => change("friends", !standing.following) },
        t(standing.following ? "friends.unfollow_name" : "friends.follow_name", { name: username })),
        h("button", { type: "button", class: standing.blocked ? "btn small" : "btn small danger", onclick: () => change("blocks", !standing.blocked) },
          t(standing.blocked ? "friends.unblock_name" : "friends.block_name", { name: username })),
      ].filter((part) => part !== null));
    } catch (failure) {
      failed.textContent = errorText(failure);
      failed.hidden = false;
    }
  };
  draw();
  return h("div", { class: "follow" }, status, box, failed);
}
