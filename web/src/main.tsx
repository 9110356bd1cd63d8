import { type NormalizedCacheObject } from "@apollo/client";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { createApolloClient } from "./apollo/client";
import { CacheProvider } from "@emotion/react";
import { AppProviders } from "./AppProviders";
import { AppRoutes } from "./routes";
import { STATE_ELEMENT_ID } from "./ssr/page-state";
import { createAdoptingStyleCache, createStyleCache } from "./ssr/style-cache";
import { LoadFailureBoundary } from "./ui/LoadFailureBoundary";
import { portalSystem } from "./ui/theme";

/** The data the server rendered the page with, if it did. */
function serverState(): NormalizedCacheObject | undefined {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as NormalizedCacheObject;
  } catch {
    return undefined;
  }
}

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Takes the page over (or draws it, for a signed-in page the server sent empty). Importing this
 * module runs the portal's modules in one task (see boot.ts); the data the server rendered with is
 * read in the next, the theme's system built in the one after, and then React takes the page over.
 */
export async function startApp() {
  await nextTask();
  const container = document.getElementById("root")!;
  const state = serverState();
  // The server rendered this page (with its CSS) and the browser takes it over.
  const hydrating = Boolean(state && container.firstElementChild);
  // A page the server rendered carries its styles in its head: the cache knows them as written.
  const styles = hydrating ? createAdoptingStyleCache() : createStyleCache();
  const client = createApolloClient(state);
  await nextTask();
  // Chakra's system: building every token is the longest single step of the start.
  portalSystem();
  await nextTask();
  const app = (
    <StrictMode>
      <CacheProvider value={styles}>
        <AppProviders client={client} globalCssInPage={hydrating}>
          <BrowserRouter>
            <LoadFailureBoundary standalone>
              <AppRoutes />
            </LoadFailureBoundary>
          </BrowserRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
  // Public pages come rendered by the server: the browser takes them over without
  // repainting. Signed-in pages come as an empty shell and are rendered here.
  // Hydration is a transition: React takes the page over in small slices, so a tap or a
  // scroll is never held behind it.
  if (hydrating) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
