import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";

/** Link-preview cards: the size Open Graph and Twitter recommend. */
export const CARD = { width: 1200, height: 630 };
const FONT = join(__dirname, "..", "..", "..", "assets", "fonts", "DejaVuSans-Bold.ttf");

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The title in at most four lines of about `width` characters, the last one ending « … » when cut. */
export function titleLines(title: string, width = 26, most = 4): string[] {
  // Ordinary spaces only: a no-break space keeps its two words on one line.
  const words = title
    .replace(/[ \t\r\n]+/g, " ")
    .trim()
    .split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) line = candidate.slice(0, width * 2);
    else {
      lines.push(line);
      line = word.slice(0, width * 2);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  kept[most - 1] = `${kept[most - 1].replace(/[ ,;:.]*$/, "")}…`;
  return kept;
}

/** A 1200 × 630 PNG: the item's kind, its title and the portal's name, in the portal's colours. */
export function renderCard({ title, kind, siteName }: { title: string; kind: string; siteName: string }): Buffer {
  // French punctuation keeps to its word (« parents : » never starts a line with « : »).
  const lines = titleLines(title.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0"));
  const size = lines.length > 2 ? 60 : 72;
  const top = 230;
  const text = lines
    .map(
      (line, index) =>
        `<text x="96" y="${Math.round(top + index * size * 1.15)}" font-size="${size}" fill="#1d4f91">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">
  <rect width="100%" height="100%" fill="#f4f7fb"/>
  <rect y="606" width="100%" height="24" fill="#e8732c"/>
  <text x="96" y="130" font-size="34" fill="#b4501a">${escapeXml(kind.toUpperCase())}</text>
  ${text}
  <g transform="translate(96 486) scale(2.6)">
    <rect width="32" height="32" rx="7" fill="#1d4f91"/><circle cx="12" cy="10" r="4" fill="#fff"/><circle cx="22" cy="14" r="3" fill="#e8732c"/>
    <path d="M5 27c0-5 3-9 7-9s7 4 7 9z" fill="#fff"/><path d="M16 27c0-4 3-7 6-7s6 3 6 7z" fill="#e8732c"/>
  </g>
  <text x="200" y="556" font-size="40" fill="#1f2937">${escapeXml(siteName)}</text>
</svg>`;
  const resvg = new Resvg(svg, {
    font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
    fitTo: { mode: "original" },
  });
  return resvg.render().asPng();
}
