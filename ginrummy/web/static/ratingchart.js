// A player's rating after each rated game, drawn as an inline SVG line per rules family (no external site).
import { t, numberText } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 560;
const HEIGHT = 200;
const PAD = { left: 48, right: 12, top: 12, bottom: 24 };

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== null) el.textContent = text;
  return el;
}

/** The chart of `history` (the profile's points, oldest first), or null when there is none. */
export function ratingChart(history) {
  if (!history.length) return null;
  const ratings = history.map((point) => point.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 50) { low -= 25; high += 25; }
  const x = (index) => PAD.left + (history.length === 1 ? 0.5 : index / (history.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (rating) => PAD.top + (1 - (rating - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const families = [...new Set(history.map((point) => point.family))];
  const label = families.map((family) => {
    const own = history.filter((point) => point.family === family);
    return t("profile.chart_line", { family: t(`family.${family}`), first: own[0].shown, last: own[own.length - 1].shown, count: own.length });
  }).join("; ");
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", role: "img", "aria-label": label });
  chart.append(svg("title", {}, label));
  for (const value of [low, high]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(value) + 4, "text-anchor": "end", class: "axis" }, numberText(Math.round(value))));
  }
  families.forEach((family, line) => {
    const indexed = history.map((point, index) => [point, index]).filter(([point]) => point.family === family);
    const path = indexed.map(([point, index], i) => `${i ? "L" : "M"}${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
    chart.append(svg("path", { d: path, class: `line line-${line % 4}`, fill: "none" }));
    for (const [point, index] of indexed) {
      chart.append(svg("circle", { cx: x(index), cy: y(point.rating), r: 3, class: `dot line-${line % 4}${point.provisional ? " provisional" : ""}` }));
    }
  });
  return chart;
}
