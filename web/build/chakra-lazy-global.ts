import type { Plugin } from "vite";

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
const LAZY = "let _globalCache;";
const FIELD = "    _global,\n";
const GETTER =
  "    get _global() {\n      return _globalCache ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n";

/**
 * Chakra's createSystem writes the page's global CSS (reset, global styles and about a
 * thousand token variables) as soon as the theme is built: half of its time, the longest
 * single task of a phone's start. A page rendered by the server already carries that CSS,
 * so in the browser build the work is deferred until something asks for it (see
 * AppProviders: a hydrated page never does). The build stops if Chakra's code changes
 * shape, rather than silently shipping an unpatched system.
 */
export function chakraLazyGlobal(): Plugin {
  return {
    name: "portail-chakra-lazy-global",
    apply: "build",
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD)) {
        this.error(`Chakra's createSystem changed: update web/build/chakra-lazy-global.ts (${id})`);
      }
      return { code: code.replace(EAGER, LAZY).replace(FIELD, GETTER), map: null };
    },
  };
}
