// @ts-check
// A player's rating from its start through each rated game, drawn as an inline SVG line per rules family (no external site).
import { numberText, t, tp } from "./i18n.js";
import { ratingText } from "./ratingtext.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 560;
const HEIGHT = 200;
const PAD = { left: 48, right: 12, top: 12, bottom: 24 };

/**
 * @typedef {{ family?: string, rating: number, provisional: boolean, shown: string }} Point
 * @typedef {{ family: string, games: number }} Held
 */

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | null} [text]
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, text = null) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== null) el.textContent = text;
  return el;
}

/**
 * Each family's points, oldest first, from `start` (the rating before any game) when
 * `history` holds all of that family's games: one game draws a line from the start to now.
 * @param {Point[]} history the profile's points after each rated game, oldest first
 * @param {Point | null} start
 * @param {Held[]} ratings the families' ratings with their counts of games
 * @returns {{ family: string, points: { point: Point, index: number, start: boolean }[] }[]}
 */
export function chartLines(history, start, ratings) {
  const families = [...new Set(history.map((point) => String(point.family)))];
  return families.map((family) => {
    const own = history.map((point, i) => ({ point, index: i + 1, start: false })).filter((p) => p.point.family === family);
    const held = ratings.find((r) => r.family === family);
    const whole = start && held && held.games === own.length;
    return { family, points: whole ? [{ point: start, index: 0, start: true }, ...own] : own };
  });
}

/**
 * The chart of `history`, or null when there is none.
 * @param {Point[]} history
 * @param {Point | null} [start]
 * @param {Held[]} [ratings]
 * @returns {SVGElement | null}
 */
export function ratingChart(history, start = null, ratings = []) {
  if (!history.length) return null;
  const lines = chartLines(history, start, ratings);
  const values = lines.flatMap((line) => line.points.map((p) => p.point.rating));
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 50) { low -= 25; high += 25; }
  const first = Math.min(...lines.map((line) => line.points[0].index));
  const span = Math.max(1, history.length - first);
  /** @param {number} index */
  const x = (index) => PAD.left + (history.length - first === 0 ? 0.5 : (index - first) / span) * (WIDTH - PAD.left - PAD.right);
  /** @param {number} rating */
  const y = (rating) => PAD.top + (1 - (rating - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const label = lines.map(({ family, points }) => tp("profile.chart_line", points.filter((p) => !p.start).length, {
    family: t(`family.${family}`), first: ratingText(points[0].point.shown), last: ratingText(points[points.length - 1].point.shown) })).join("; ");
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", role: "img", "aria-label": label });
  chart.append(svg("title", {}, label));
  for (const value of [low, high]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(value) + 4, "text-anchor": "end", class: "axis" }, numberText(Math.round(value))));
  }
  lines.forEach(({ points }, line) => {
    const path = points.map(({ point, index }, i) => `${i ? "L" : "M"}${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
    chart.append(svg("path", { d: path, class: `line line-${line % 4}`, fill: "none" }));
    for (const { point, index, start: begins } of points) {
      chart.append(svg("circle", { cx: x(index), cy: y(point.rating), r: 3,
        class: `dot line-${line % 4}${point.provisional ? " provisional" : ""}${begins ? " start" : ""}` }));
    }
  });
  return chart;
}
