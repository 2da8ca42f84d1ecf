// @ts-check
/**
 * Which rules a rated game may be played under, as the server checks them
 * (ginrummy/rating/rated_rules.py; PROTOCOL.md "Rated games"): a full game of its family,
 * to the presets' target or more, with no limit on hands or time.
 */

/**
 * @typedef {{ target: number, oklahoma_target: number, team_target: number, any_rules: boolean }} RatedLimits
 * GET /api/rules' `rated`.
 * @typedef {{ code: "rated_short_target" | "rated_with_limits", minimum: number }} Unrated
 */

/**
 * Why these rules make only a casual game (null: they may be rated).
 * @param {RatedLimits | undefined} limits
 * @param {number} players
 * @param {Record<string, unknown>} values the rules' options
 * @param {unknown} teamTarget a team game's target (four players)
 * @returns {Unrated | null}
 */
export function unratedReason(limits, players, values, teamTarget) {
  if (!limits || limits.any_rules) return null;
  const minimum = players > 3 ? limits.team_target : values.oklahoma ? limits.oklahoma_target : limits.target;
  if (values.max_hands != null || values.time_limit_minutes != null) return { code: "rated_with_limits", minimum };
  const target = Number(players > 3 ? teamTarget : values.target);
  if (!(target >= minimum)) return { code: "rated_short_target", minimum };
  return null;
}
