import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The style cache of Chakra's CSS-in-JS (Emotion), on the server and in the browser
 * alike. Without the default prefixer: the browsers the portal supports read standard
 * CSS, and each page's styles shrink by a third (every keyframe was written four times).
 */
export const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });

/** The attribute of the page's `<style>` element in the head: the names of the rules it holds. */
const NAMES_ATTRIBUTE = "data-styles";

/**
 * The server's cache: it keeps the rules a page uses (Emotion's « compat » mode) instead of
 * writing a `<style>` element beside each part of the markup, so that the page carries them all
 * in one element of its head (`headStyles`). Inline, the browser's Emotion would move every one
 * of them into the head before React takes the page over: each move parses the sheet again and
 * restyles the whole page, the longest part of a phone's start.
 */
export function createServerStyleCache(): EmotionCache {
  const cache = createStyleCache();
  cache.compat = true;
  return cache;
}

/** The page's rules as one `<style>` element for its head, in the order they were written. */
export function headStyles(cache: EmotionCache): string {
  const names: string[] = [];
  let rules = "";
  for (const [name, value] of Object.entries(cache.inserted)) {
    if (typeof value !== "string") continue;
    names.push(name);
    rules += value;
  }
  // Nothing in a rule may end the element early (`\/` is a `/` to CSS).
  return `<style ${NAMES_ATTRIBUTE}="${names.join(" ")}">${rules.replace(/<\/(style)/gi, "<\\/$1")}</style>`;
}

/**
 * The browser's cache for a page the server rendered: the rules already in the page's head are
 * known as written, so Emotion neither writes them again nor moves their element.
 */
export function createAdoptingStyleCache(): EmotionCache {
  const cache = createStyleCache();
  const names = document.querySelector(`style[${NAMES_ATTRIBUTE}]`)?.getAttribute(NAMES_ATTRIBUTE) ?? "";
  for (const name of names.split(" ")) if (name) cache.inserted[name] = true;
  return cache;
}
