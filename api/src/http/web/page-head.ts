/** What an item's page says of itself (web/src/modules/seo/page-meta.ts), as the renderer hands it over. */
export interface PageMeta {
  description: string;
  image: string | null;
  type: "article" | "website";
  jsonLd: Record<string, unknown> | null;
  /** The item's own address, when it opens at another one too (a resource under /actualites/…). */
  canonicalPath?: string;
}

/** The portal's own card for link previews (1200 × 630), when a page has no picture. */
export const DEFAULT_CARD = { path: "/carte-portail.png", width: 1200, height: 630 };

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON inside a <script> block that cannot close it. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export interface HeadInput {
  title: string;
  /** The page's own description, else the portal's. */
  description: string;
  meta: PageMeta | null;
  /** The page's path (its query left out: a filtered list is the same page). */
  path: string;
  publicUrl: string;
  siteName: string;
  /** Pages that must stay out of search engines (sign-in, administration, profile, not found). */
  noindex: boolean;
}

/**
 * The head of a page for search engines and link previews: title, description, canonical URL
 * under PUBLIC_URL, Open Graph and Twitter card tags with a picture, and schema.org data.
 */
export function pageHead({ title, description, meta, path, publicUrl, siteName, noindex }: HeadInput): string {
  const absolute = (link: string) =>
    /^https?:\/\//.test(link) ? link : `${publicUrl}${link.startsWith("/") ? "" : "/"}${link}`;
  const text = meta?.description || description;
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(text)}" />`];
  if (noindex) {
    tags.push(`<meta name="robots" content="noindex" />`);
    return tags.join("\n    ");
  }
  const canonical = absolute(meta?.canonicalPath ?? path);
  const image = meta?.image ? absolute(meta.image) : absolute(DEFAULT_CARD.path);
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    property("og:site_name", siteName),
    property("og:locale", "fr_FR"),
    property("og:type", meta?.type ?? "website"),
    property("og:title", title),
    property("og:description", text),
    property("og:url", canonical),
    property("og:image", image),
  );
  // The portal's card and the drawn ones have a known size; an article's own picture has its own.
  if (!meta?.image || meta.image.startsWith("/cartes/")) {
    tags.push(
      property("og:image:width", String(DEFAULT_CARD.width)),
      property("og:image:height", String(DEFAULT_CARD.height)),
      property("og:image:alt", meta?.image ? title : siteName),
    );
  }
  tags.push(
    named("twitter:card", "summary_large_image"),
    named("twitter:title", title),
    named("twitter:description", text),
    named("twitter:image", image),
  );
  if (meta?.jsonLd) {
    const data: Record<string, unknown> = { "@context": "https://schema.org", ...meta.jsonLd, url: canonical };
    if (Array.isArray(data.image)) data.image = (data.image as string[]).map(absolute);
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join("\n    ");
}
