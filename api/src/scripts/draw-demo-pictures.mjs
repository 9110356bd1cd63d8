// Draws the demo content's pictures (flat illustrations, 640×360 WebP) in Debian's
// Chromium and writes them to api/src/db/seed/pictures/. Run once when the drawings
// change: `node api/src/scripts/draw-demo-pictures.mjs`; the files are committed, so
// starting the portal never downloads a picture.
/* global Image, document */
import { Buffer } from "node:buffer";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const OUT = join(import.meta.dirname, "..", "db", "seed", "pictures");
const W = 640;
const H = 360;

const person = (x, y, scale, body, skin = "#f1c7a5", hair = "#4a2f1e") => `
  <g transform="translate(${x} ${y}) scale(${scale})">
    <rect x="-18" y="0" width="36" height="62" rx="16" fill="${body}"/>
    <rect x="-14" y="56" width="11" height="40" rx="5" fill="#33475b"/>
    <rect x="3" y="56" width="11" height="40" rx="5" fill="#33475b"/>
    <circle cx="0" cy="-16" r="17" fill="${skin}"/>
    <path d="M-17 -18 a17 17 0 0 1 34 0 q-8 -9 -17 -8 q-9 -1 -17 8z" fill="${hair}"/>
  </g>`;
const tree = (x, y, s = 1, leaf = "#5b9e5f") => `
  <g transform="translate(${x} ${y}) scale(${s})"><rect x="-6" y="0" width="12" height="46" fill="#7a5234"/>
  <circle cx="0" cy="-8" r="30" fill="${leaf}"/><circle cx="-20" cy="6" r="20" fill="${leaf}"/><circle cx="20" cy="6" r="20" fill="${leaf}"/></g>`;
const sun = (x, y, r = 34) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffd166"/>`;
const hills = (c1, c2) =>
  `<path d="M0 280 Q160 210 320 270 T640 250 V360 H0Z" fill="${c1}"/><path d="M0 310 Q200 270 420 305 T640 300 V360 H0Z" fill="${c2}"/>`;
const house = (x, y, wall, roof) => `
  <g transform="translate(${x} ${y})"><rect x="0" y="40" width="120" height="90" fill="${wall}"/>
  <path d="M-12 44 L60 -14 L132 44Z" fill="${roof}"/><rect x="48" y="86" width="26" height="44" fill="#7a5234"/>
  <rect x="14" y="60" width="24" height="22" fill="#bfe3f5"/><rect x="84" y="60" width="24" height="22" fill="#bfe3f5"/></g>`;
const blocks = (x, y) =>
  [
    ["#e8732c", 0, 0, "A"],
    ["#2a63ad", 52, 0, "B"],
    ["#5b9e5f", 26, -48, "C"],
  ]
    .map(
      ([c, dx, dy, l]) =>
        `<g transform="translate(${x + dx} ${y + dy})"><rect width="48" height="48" rx="6" fill="${c}"/><text x="24" y="34" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${l}</text></g>`,
    )
    .join("");
const book = (x, y, c, angle = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${angle})"><rect width="90" height="14" rx="3" fill="${c}"/><rect x="6" y="3" width="78" height="3" fill="#fff" opacity=".6"/></g>`;
const note = (x, y, c) =>
  `<g transform="translate(${x} ${y})" fill="${c}"><ellipse cx="0" cy="0" rx="12" ry="9"/><rect x="9" y="-52" width="4" height="52"/><path d="M13 -52 q22 8 14 30 q2 -16 -14 -18z"/></g>`;
const balloon = (x, y, c) =>
  `<g transform="translate(${x} ${y})"><ellipse rx="20" ry="25" fill="${c}"/><path d="M0 25 q-6 30 4 60" stroke="#555" fill="none"/></g>`;
const bubble = (x, y, w, c) =>
  `<g transform="translate(${x} ${y})"><rect width="${w}" height="56" rx="18" fill="${c}"/><path d="M24 56 l-6 18 l22 -18z" fill="${c}"/>
  <circle cx="${w / 2 - 22}" cy="28" r="6" fill="#fff"/><circle cx="${w / 2}" cy="28" r="6" fill="#fff"/><circle cx="${w / 2 + 22}" cy="28" r="6" fill="#fff"/></g>`;

const scenes = {
  "parc-famille": `<rect width="${W}" height="${H}" fill="#cfe8f7"/>${sun(540, 70)}${hills("#9ccc8c", "#7fb77e")}${tree(110, 200, 1.1)}${tree(560, 215, 0.9, "#4f8f5a")}${person(280, 180, 1.15, "#e8732c")}${person(340, 215, 0.7, "#2a63ad", "#d9a27c", "#222")}${balloon(390, 120, "#e4572e")}`,
  "creche-jeux": `<rect width="${W}" height="${H}" fill="#fdf1e4"/><rect y="270" width="${W}" height="90" fill="#f3d9b8"/>${blocks(90, 222)}${person(380, 170, 0.8, "#5b9e5f", "#f1c7a5", "#b5651d")}${person(460, 196, 0.55, "#e8732c", "#d9a27c", "#222")}<circle cx="560" cy="250" r="20" fill="#2a63ad"/><circle cx="560" cy="250" r="8" fill="#fff"/>`,
  lecture: `<rect width="${W}" height="${H}" fill="#eef4fb"/><rect x="60" y="60" width="220" height="240" rx="8" fill="#dbe7f5"/>${[0, 1, 2, 3].map((i) => book(80, 270 - i * 18, ["#e8732c", "#2a63ad", "#5b9e5f", "#a84a12"][i], i % 2 ? 2 : -2)).join("")}${book(90, 180, "#163d71", 0)}${person(430, 160, 1, "#2a63ad")}${person(500, 205, 0.6, "#e8732c", "#d9a27c", "#222")}`,
  "vacances-mer": `<rect width="${W}" height="${H}" fill="#bde4f4"/>${sun(110, 80, 40)}<rect y="220" width="${W}" height="60" fill="#3f8fc4"/><rect y="280" width="${W}" height="80" fill="#f3dcaa"/><path d="M430 280 l60 -110 l60 110z" fill="#e8732c"/><rect x="486" y="170" width="6" height="110" fill="#7a5234"/>${person(240, 210, 0.9, "#e4572e")}${person(300, 238, 0.55, "#5b9e5f", "#d9a27c", "#222")}`,
  "atelier-peinture": `<rect width="${W}" height="${H}" fill="#fff6e8"/><rect x="70" y="60" width="220" height="170" fill="#fff" stroke="#c9b79c" stroke-width="6"/><circle cx="140" cy="130" r="36" fill="#ffd166"/><path d="M90 210 q60 -60 110 -10 t80 -20" stroke="#2a63ad" stroke-width="14" fill="none"/><rect x="160" y="230" width="12" height="90" fill="#7a5234"/>${person(420, 170, 1, "#5b9e5f")}${person(500, 210, 0.6, "#e8732c", "#f1c7a5", "#b5651d")}`,
  "eveil-musical": `<rect width="${W}" height="${H}" fill="#f0ebfa"/>${note(120, 150, "#6b4fa0")}${note(200, 110, "#e8732c")}${note(280, 160, "#2a63ad")}${person(430, 170, 1, "#6b4fa0")}${person(510, 210, 0.6, "#5b9e5f", "#d9a27c", "#222")}<rect y="300" width="${W}" height="60" fill="#ddd3f0"/>`,
  jardin: `<rect width="${W}" height="${H}" fill="#e3f3df"/>${sun(560, 60, 30)}<rect y="270" width="${W}" height="90" fill="#8a5a3b"/>${[80, 150, 220, 290].map((x, i) => `<g transform="translate(${x} 270)"><rect x="-3" y="-50" width="6" height="50" fill="#4f8f5a"/><circle cy="-58" r="16" fill="${["#e4572e", "#ffd166", "#e8732c", "#c95d9b"][i]}"/></g>`).join("")}${person(430, 170, 1, "#2a63ad")}${person(500, 208, 0.6, "#e4572e", "#f1c7a5", "#b5651d")}`,
  cuisine: `<rect width="${W}" height="${H}" fill="#fbeee6"/><rect y="250" width="${W}" height="110" fill="#e0c4a8"/><rect x="60" y="190" width="160" height="60" rx="10" fill="#c0392b"/><ellipse cx="140" cy="190" rx="80" ry="14" fill="#a93226"/>${person(380, 150, 1, "#ffffff", "#f1c7a5", "#4a2f1e")}${person(460, 190, 0.65, "#2a63ad", "#d9a27c", "#222")}<circle cx="560" cy="120" r="30" fill="#ffd166"/>`,
  sport: `<rect width="${W}" height="${H}" fill="#d8f0e6"/><rect y="260" width="${W}" height="100" fill="#6fbf73"/><path d="M0 300 H640" stroke="#fff" stroke-width="4"/>${person(200, 160, 1, "#e8732c")}${person(300, 200, 0.65, "#2a63ad", "#d9a27c", "#222")}<circle cx="420" cy="290" r="24" fill="#fff"/><path d="M402 280 l36 20 M406 302 l30 -24" stroke="#333" stroke-width="3"/>`,
  numerique: `<rect width="${W}" height="${H}" fill="#e8eef6"/><rect x="70" y="80" width="240" height="150" rx="10" fill="#33475b"/><rect x="84" y="94" width="212" height="122" fill="#9fd3f2"/><rect x="150" y="230" width="80" height="14" fill="#33475b"/>${bubble(110, 120, 120, "#2a63ad")}${person(430, 170, 1, "#5b9e5f")}${person(510, 210, 0.6, "#e8732c", "#f1c7a5", "#b5651d")}`,
  maison: `<rect width="${W}" height="${H}" fill="#dcecf8"/>${sun(80, 70, 28)}${hills("#a9d39a", "#8cc084")}${house(220, 140, "#f6e7cf", "#a84a12")}${house(400, 160, "#e3eefa", "#2a63ad")}${tree(580, 230, 0.8)}`,
  rencontre: `<rect width="${W}" height="${H}" fill="#fdf4ec"/>${bubble(90, 60, 150, "#e8732c")}${bubble(380, 50, 150, "#2a63ad")}${person(200, 180, 1.05, "#5b9e5f")}${person(420, 180, 1.05, "#6b4fa0", "#d9a27c", "#222")}<rect y="320" width="${W}" height="40" fill="#ecd9c6"/>`,
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const page = await browser.newPage();
for (const [name, body] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const dataUrl = await page.evaluate(
    async ({ svg, W, H }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = W;
      canvas.height = H;
      canvas.getContext("2d").drawImage(image, 0, 0);
      return canvas.toDataURL("image/webp", 0.82);
    },
    { svg, W, H },
  );
  const bytes = Buffer.from(dataUrl.split(",")[1], "base64");
  writeFileSync(join(OUT, `${name}.webp`), bytes);
  console.log(`${name}.webp ${bytes.length} bytes`);
}
await browser.close();
