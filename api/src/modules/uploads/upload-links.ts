/** The public links of uploaded files: `/uploads/<storage key>`. */
export const UPLOAD_PREFIX = "/uploads/";

/** The longest value a facet row holds (media_facet.value). */
const FACET_VALUE_LENGTH = 150;

/**
 * An upload's link wherever it stands in a media (its picture, an attachment's path, a body
 * image, a link in its text, an absolute address of the portal, `/Uploads/` too): the shape of
 * a storage key (letters, digits, `_` and `-`, then one extension), whatever follows it (« .pdf.
 * Merci », « .pdf_v2 », a query string): a longer name taken for the file it begins with keeps
 * that file rather than removing it.
 */
const LINK_IN_TEXT = /\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+/gi;
const WHOLE_LINK = /^\/uploads\/[a-z0-9_-]+\.[a-z0-9]+$/;

/**
 * The form an upload's link is indexed and looked up in (media facet `file`): in lower case, so
 * that both engines compare alike (MariaDB's collation ignores case, SQLite's does not): two
 * keys that differ by case only are taken for one, which keeps a file rather than removing it.
 * Null for a link no facet row can hold (another form, too long), which no upload has: its keys
 * are random letters and digits with an extension.
 */
export function uploadLinkKey(link: string): string | null {
  const key = link.toLowerCase();
  return WHOLE_LINK.test(key) && key.length <= FACET_VALUE_LENGTH ? key : null;
}

/** The indexed forms of every upload link in these texts (a media's picture, its files' paths, its article). */
export function uploadLinksIn(texts: ReadonlyArray<string | null | undefined>): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const [found] of text.matchAll(LINK_IN_TEXT)) {
      const key = uploadLinkKey(found);
      if (key) keys.add(key);
    }
  }
  return [...keys];
}
