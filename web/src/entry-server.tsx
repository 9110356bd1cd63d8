import { ApolloClient, ApolloLink } from "@apollo/client";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { CacheProvider } from "@emotion/react";
import { print } from "graphql";
import { useState } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { matchRoutes, StaticRouter } from "react-router-dom";
import { Observable } from "rxjs";
import { createCache } from "./apollo/cache";
import { AppProviders } from "./AppProviders";
import { AppRoutes, type RouteHandle, routes } from "./routes";
import { newRenderContext, type RenderContext, RenderContextProvider } from "./ssr/render-context";
import { createServerStyleCache, headStyles } from "./ssr/style-cache";
import type { EmotionCache } from "@emotion/cache";
import type { PageMeta } from "./modules/seo/page-meta";

/** Runs a GraphQL operation on the server itself, as the visitor of the page. */
export type ExecuteOperation = (request: {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<{ data?: Record<string, unknown> | null; errors?: ReadonlyArray<unknown> }>;

export interface PageRequest {
  /** The full URL of the page (origin, path and query). */
  url: string;
  execute: ExecuteOperation;
  signal?: AbortSignal;
}

export type PageResult =
  | {
      kind: "page";
      status: number;
      html: string;
      /** The page's styles: one `<style>` element for its head. */
      styles: string;
      /** The Apollo cache the page was rendered with, for the browser to start from. */
      state: unknown;
      title: string | null;
      /** The source modules of the lazily loaded pages rendered (for preloading their chunks). */
      modules: string[];
      /** A picture to preload first. */
      leadImage: string | null;
      /** What an item's page says of itself (description, picture, JSON-LD). */
      meta: PageMeta | null;
      /** Kept out of search engines. */
      noindex: boolean;
    }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "client-only" };

function serverLink(execute: ExecuteOperation) {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
        }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

/**
 * Renders a public page with its data, as the visitor (signed in or not) will see it
 * once the browser has taken over: same markup, same cache, no repaint.
 */
export async function renderPage({ url, execute, signal }: PageRequest): Promise<PageResult> {
  const location = new URL(url);
  const path = `${location.pathname}${location.search}`;
  const matches = matchRoutes(routes, location.pathname) ?? [];
  if (matches.some((match) => (match.route.handle as RouteHandle | undefined)?.clientOnly)) {
    return { kind: "client-only" };
  }
  const client = new ApolloClient({ ssrMode: true, link: serverLink(execute), cache: createCache() });
  const context = newRenderContext();
  const styles: StyleHolder = { cache: null };

  const { result, aborted } = await prerenderStatic({
    tree: <ServerApp client={client} path={path} context={context} styles={styles} />,
    // Every boundary inline: the page must not depend on inline scripts (the CSP allows none).
    renderFunction: (tree) => prerenderToNodeStream(tree, { signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER }),
    signal,
    maxRerenders: 10,
  });
  if (aborted) throw new Error("page rendering was aborted");
  if (context.redirect) return { kind: "redirect", status: context.redirect.status, location: context.redirect.to };
  return {
    kind: "page",
    status: context.status,
    html: result,
    styles: styles.cache ? headStyles(styles.cache) : "",
    state: client.extract(),
    title: context.title,
    modules: [...context.modules],
    leadImage: context.leadImage,
    meta: context.meta,
    noindex: matches.some((match) => (match.route.handle as RouteHandle | undefined)?.noindex),
  };
}

/** The style cache of the last rendering pass: the one whose rules the page carries. */
interface StyleHolder {
  cache: EmotionCache | null;
}

function ServerApp({
  client,
  path,
  context,
  styles,
}: {
  client: ApolloClient;
  path: string;
  context: RenderContext;
  styles: StyleHolder;
}) {
  // Each rendering pass starts afresh: what the last pass says is what the page is.
  Object.assign(context, newRenderContext());
  // A style cache per pass, so that the final pass holds every style the page uses.
  const [emotionCache] = useState(createServerStyleCache);
  styles.cache = emotionCache;
  return (
    <RenderContextProvider value={context}>
      <CacheProvider value={emotionCache}>
        <AppProviders client={client}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </RenderContextProvider>
  );
}
