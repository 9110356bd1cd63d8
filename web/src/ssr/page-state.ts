/** The id of the JSON block that carries the server's Apollo cache to the browser. */
export const STATE_ELEMENT_ID = "etat-initial";

/**
 * JSON safe to put in an HTML <script type="application/json"> block: "<" is escaped so
 * that no content (a title with "</script>") can close the block.
 */
export const serializeState = (state: unknown): string =>
  JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
