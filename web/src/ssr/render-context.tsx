import { createContext, useContext } from "react";
import type { PageMeta } from "../modules/seo/page-meta";

/**
 * What a page tells the server while it is rendered there: its title, the HTTP status
 * (404 for a page or an item that does not exist), a redirection, and the lazily
 * loaded modules it used (so the HTML can preload their chunks). In the browser there
 * is no such context and these calls do nothing.
 */
export interface RenderContext {
  title: string | null;
  description: string | null;
  status: number;
  redirect: { to: string; status: 301 | 302 } | null;
  modules: Set<string>;
  /** The page's main picture, fetched before anything else (it is what a phone shows first). */
  leadImage: string | null;
  /** What an item's page says of itself to search engines and link previews. */
  meta: PageMeta | null;
}

export const newRenderContext = (): RenderContext => ({
  title: null,
  description: null,
  status: 200,
  redirect: null,
  modules: new Set(),
  leadImage: null,
  meta: null,
});

const ServerRender = createContext<RenderContext | null>(null);

export const RenderContextProvider = ServerRender.Provider;

/** The server render's context, or null in the browser. */
export const useRenderContext = (): RenderContext | null => useContext(ServerRender);

/** Answers with this redirection when the page is rendered on the server. */
export function useServerRedirect(to: string, status: 301 | 302) {
  const context = useRenderContext();
  if (context) context.redirect = { to, status };
}

/** Asks the browser to fetch this picture first (the first one a phone shows). */
export function useLeadImage(src: string | null | undefined) {
  const context = useRenderContext();
  if (context && src && !context.leadImage) context.leadImage = src;
}

/** Answers the page with this HTTP status when it is rendered on the server. */
export function useHttpStatus(status: number) {
  const context = useRenderContext();
  if (context) context.status = status;
}

/** Describes the page (description, picture, schema.org data) in the HTML the server sends; worked out on the server only. */
export function usePageMeta(meta: () => PageMeta | null) {
  const context = useRenderContext();
  if (context) context.meta = meta();
}
