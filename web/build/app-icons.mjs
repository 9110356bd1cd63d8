// Draws the home-screen icons of the portal (web/public/icons/, committed) from its mark: the
// house with a parent and a child of the logo (src/ui/assets/logo.svg), without the words.
// Run again after changing the mark: `node web/build/app-icons.mjs`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";

const OUT = join(import.meta.dirname, "..", "public", "icons");

/** The mark, drawn in a 56 × 56 box (its shapes span x 2–54, y 4–51). */
const MARK = `
  <path d="M6 26 28 7l22 19v22a3 3 0 0 1-3 3H9a3 3 0 0 1-3-3z" fill="#1d4f91"/>
  <path d="M2 27 28 4l26 23" fill="none" stroke="#e8732c" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="22" cy="22" r="4.5" fill="#fff"/>
  <path d="M15 51V36a7 7 0 0 1 14 0v15z" fill="#fff"/>
  <circle cx="37" cy="31" r="3.5" fill="#e8732c"/>
  <path d="M32 51V42a5 5 0 0 1 10 0v9z" fill="#e8732c"/>`;
const MARK_CENTER = { x: 28, y: 27.5 };
const MARK_WIDTH = 54;

/**
 * The mark on white, `share` of the icon's width; `radius` rounds the background's corners (the
 * « any » icons; maskable and Apple icons are full squares the system shapes itself).
 */
function icon(size, { share, radius }) {
  const scale = (size * share) / MARK_WIDTH;
  const x = size / 2 - MARK_CENTER.x * scale;
  const y = size / 2 - MARK_CENTER.y * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="#fff"/>
  <g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})">${MARK}</g>
</svg>`;
}

const ICONS = [
  // « any »: the whole mark, with a margin, on a rounded tile.
  ["icon-192.png", icon(192, { share: 0.72, radius: 0.2 })],
  ["icon-512.png", icon(512, { share: 0.72, radius: 0.2 })],
  // Maskable: the mark inside the central circle (80 % of the width) every mask keeps.
  ["icon-maskable-512.png", icon(512, { share: 0.56, radius: 0 })],
  // iOS rounds the square itself and shows no transparency.
  ["apple-touch-icon.png", icon(180, { share: 0.7, radius: 0 })],
];

mkdirSync(OUT, { recursive: true });
for (const [name, svg] of ICONS) {
  const png = new Resvg(svg, { background: "rgba(0,0,0,0)" }).render().asPng();
  writeFileSync(join(OUT, name), png);
  console.log(`${name}: ${png.length} bytes`);
}
