import createCache from "@emotion/cache";

/**
 * The style cache of Chakra's CSS-in-JS (Emotion), on the server and in the browser
 * alike. Without the default prefixer: the browsers the portal supports read standard
 * CSS, and each page's styles shrink by a third (every keyframe was written four times).
 */
export const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });
