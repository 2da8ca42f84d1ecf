// "Your rules": the rules of the last two-player game started from "New game" in this browser,
// offered beside the presets where people are matched (quick match, a new tournament).
import { store } from "./dom.js";

/** The choice's value in a select of presets. */
export const MINE = "mine";

/** The rules of the last two-player game started from "New game" in this browser, when they
 * are not a preset as it stands: {preset, options}, else null. */
export function yourRules() {
  const saved = store.get("gin.home", null);
  if (!saved || typeof saved !== "object" || (saved.players !== undefined && saved.players !== 2)) return null;
  const options = saved.values;
  if (!options || typeof options !== "object" || !Object.keys(options).length || typeof saved.preset !== "string") return null;
  return { preset: saved.preset, options };
}
