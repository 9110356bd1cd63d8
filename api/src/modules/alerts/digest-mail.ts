import { DateTime } from "luxon";
import { availabilitySummary } from "../../shared/availability";
import { PORTAL_NAME } from "../../shared/rules";
import type { Media } from "../media/media.entity";
import { Category } from "../reference/reference.data";
import type { Sheet } from "../sheets/sheet.entity";

/** At most this many items in one e-mail; the rest is « et N autres » with the list's link. */
export const DIGEST_ITEMS = 10;

/** One item of a digest as matched: a media or a sheet, its distance from the place searched around. */
export type DigestItem =
  | { kind: "media"; media: Media; distanceKm: number | null }
  | { kind: "sheet"; sheet: Sheet; distanceKm: number | null; placesGiven: boolean };

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const paris = (date: Date) => DateTime.fromJSDate(date).setZone("Europe/Paris").setLocale("fr");

/** « le 12 décembre 2026 à 14 h 30 ». */
const dayAndTime = (date: Date) => {
  const at = paris(date);
  return `le ${at.toFormat("d MMMM yyyy")} à ${at.toFormat("H")} h ${at.toFormat("mm")}`;
};

/** « à 4 km », « à moins d'1 km ». */
export const distanceText = (km: number) => (km < 1 ? "à moins d'1 km" : `à ${Math.round(km)} km`);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The orders of a digest: events by date, sheets by distance (else by name), articles newest first. */
export function orderItems(items: DigestItem[]): DigestItem[] {
  const key = (item: DigestItem): [number, number, string] => {
    if (item.kind === "sheet") {
      return [item.distanceKm === null ? 1 : 0, item.distanceKm ?? 0, item.sheet.serviceName.toLowerCase()];
    }
    const { media } = item;
    // Events (by start) before articles (newest first).
    return media.eventFrom ? [0, media.eventFrom.getTime(), media.id] : [1, -media.createdAt.getTime(), media.id];
  };
  return [...items].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2].localeCompare(kb[2]);
  });
}

interface ShownItem {
  title: string;
  link: string;
  details: string[];
}

function shown(item: DigestItem, publicUrl: string, now: Date): ShownItem {
  if (item.kind === "sheet") {
    const { sheet, distanceKm } = item;
    const availability = availabilitySummary(
      sheet.availabilityGroups && sheet.availabilityGivenAt
        ? { givenAt: sheet.availabilityGivenAt, groups: sheet.availabilityGroups }
        : null,
      now,
    );
    return {
      title: sheet.serviceName,
      link: `${publicUrl}/services/${sheet.id}`,
      details: [
        [distanceKm === null ? null : distanceText(distanceKm), sheet.city].filter(Boolean).join(", "),
        item.placesGiven && availability ? availability : "Nouvelle fiche",
      ].filter(Boolean),
    };
  }
  const { media, distanceKm } = item;
  const resource = media.categories.includes(Category.RESOURCE) && !media.eventFrom;
  const link = `${publicUrl}/${resource ? "ressources" : "actualites"}/${media.id}`;
  if (media.eventFrom) {
    const place = [media.eventAddress, distanceKm === null ? null : distanceText(distanceKm)].filter(Boolean);
    return {
      title: media.title,
      link,
      details: [`Évènement ${dayAndTime(media.eventFrom)}`, ...(place.length ? [place.join(", ")] : [])],
    };
  }
  return { title: media.title, link, details: [`Publié le ${paris(media.createdAt).toFormat("dd/MM/yyyy")}`] };
}

/**
 * The digest e-mail of one alert, in plain text and HTML (lang="fr", one list of items, links
 * to the portal's pages, no image, no tracking): its first DIGEST_ITEMS items in order, the
 * count of the others with the list's link, the links to leave the alert (also as the RFC 8058
 * `List-Unsubscribe` headers) and to manage the address's alerts.
 */
export function digestMail(options: {
  publicUrl: string;
  label: string;
  /** The list with the alert's search (alertListPath), from the portal's root. */
  listPath: string;
  items: DigestItem[];
  now: Date;
  /** Full links: « Ne plus recevoir cette alerte », one-click POST, « Gérer mes alertes ». */
  stopLink: string;
  oneClickLink: string;
  manageLink: string;
}): DigestMail {
  const { publicUrl, label, items, now } = options;
  const count = items.length;
  const first = items.slice(0, DIGEST_ITEMS).map((item) => shown(item, publicUrl, now));
  const others = count - first.length;
  const listLink = `${publicUrl}${options.listPath}`;
  const heading = count === 1 ? "1 nouveauté" : `${count} nouveautés`;
  const intro = `Voici ce qui est nouveau sur ${PORTAL_NAME} pour votre alerte « ${label} ».`;
  const more = others > 0 ? `Et ${others === 1 ? "1 autre" : `${others} autres`}, voir la liste sur le portail` : null;

  const text = [
    "Bonjour,",
    "",
    intro,
    "",
    ...first.flatMap((item) => [`- ${item.title}`, ...item.details.map((line) => `  ${line}`), `  ${item.link}`, ""]),
    ...(more ? [`${more} : ${listLink}`, ""] : [`Voir la liste sur le portail : ${listLink}`, ""]),
    "—",
    `Ne plus recevoir cette alerte : ${options.stopLink}`,
    `Gérer mes alertes : ${options.manageLink}`,
    `${PORTAL_NAME} · ${publicUrl}`,
  ].join("\n");

  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1a202c;line-height:1.5">
<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
<ul>
${first
  .map(
    (item) =>
      `<li><a href="${escapeHtml(item.link)}" style="color:#1d4f91">${escapeHtml(item.title)}</a>` +
      item.details.map((line) => `<br>${escapeHtml(line)}`).join("") +
      "</li>",
  )
  .join("\n")}
</ul>
<p><a href="${escapeHtml(listLink)}" style="color:#1d4f91">${escapeHtml(more ?? "Voir la liste sur le portail")}</a></p>
<hr>
<p style="font-size:14px"><a href="${escapeHtml(options.stopLink)}" style="color:#1d4f91">Ne plus recevoir cette alerte</a> · <a href="${escapeHtml(options.manageLink)}" style="color:#1d4f91">Gérer mes alertes</a></p>
<p style="font-size:12px;color:#4a5568">${escapeHtml(PORTAL_NAME)} · <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>
</body></html>`;

  return {
    subject: `${heading} : ${label}`,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${options.oneClickLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
