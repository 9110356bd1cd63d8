/** One entry of an RSS 2.0 channel. */
export interface FeedItem {
  title: string;
  link: string;
  description: string | null;
  published: Date;
  categories: string[];
}

/** Text for XML: the five characters XML reserves, and no control character it forbids. */
export const xmlText = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** An RSS 2.0 document (rssboard.org specification), French, with its own address (atom:link rel="self"). */
export function rssChannel({
  title,
  link,
  self,
  description,
  items,
  now = new Date(),
}: {
  title: string;
  link: string;
  self: string;
  description: string;
  items: readonly FeedItem[];
  now?: Date;
}): string {
  const entries = items.map((item) =>
    [
      "    <item>",
      `      <title>${xmlText(item.title)}</title>`,
      `      <link>${xmlText(item.link)}</link>`,
      `      <guid isPermaLink="true">${xmlText(item.link)}</guid>`,
      `      <pubDate>${item.published.toUTCString()}</pubDate>`,
      ...(item.description ? [`      <description>${xmlText(item.description)}</description>`] : []),
      ...item.categories.map((category) => `      <category>${xmlText(category)}</category>`),
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlText(title)}</title>`,
    `    <link>${xmlText(link)}</link>`,
    `    <description>${xmlText(description)}</description>`,
    "    <language>fr</language>",
    `    <lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml" />`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
