import { type NormalizedCacheObject } from "@apollo/client";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { createApolloClient } from "./apollo/client";
import { CacheProvider } from "@emotion/react";
import { AppProviders } from "./AppProviders";
import { AppRoutes } from "./routes";
import { STATE_ELEMENT_ID } from "./ssr/page-state";
import { createStyleCache } from "./ssr/style-cache";
import { LoadFailureBoundary } from "./ui/LoadFailureBoundary";

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

const container = document.getElementById("root")!;
const state = serverState();
// The server rendered this page (with its CSS) and the browser takes it over.
const hydrating = Boolean(state && container.firstElementChild);
// Created before React takes over: it adopts the styles the server wrote into the page.
const styles = createStyleCache();
const app = (
  <StrictMode>
    <CacheProvider value={styles}>
      <AppProviders client={createApolloClient(state)} globalCssInPage={hydrating}>
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
