import { type ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { SessionProvider } from "./modules/auth/session";
import { portalSystem } from "./ui/theme";
import { Toaster } from "./ui/toaster";

/** Marks the page as live (its code running): `<html data-live>`, which browser tests wait for. */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = "true";
  }, []);
  return null;
}

/**
 * The theme without its global CSS (reset, global styles, token variables): what a page
 * rendered by the server uses in the browser, since that CSS came with the page. Building
 * it is deferred by the browser build (web/build/chakra-lazy-global.ts), so it is never
 * computed there. Everything else is the theme's own.
 */
let withoutGlobalCss: ReturnType<typeof portalSystem> | undefined;

const systemFor = (globalCssInPage: boolean) =>
  globalCssInPage ? (withoutGlobalCss ??= Object.create(portalSystem(), { _global: { value: [] } })) : portalSystem();

/**
 * What every page runs in, in the browser and on the server alike. Both must render the
 * very same tree: React derives the ids of labels and descriptions (useId) from it.
 */
export function AppProviders({
  client,
  children,
  globalCssInPage = false,
}: {
  client: ApolloClient;
  children: ReactNode;
  /** The page already carries Chakra's global CSS (rendered by the server): not built again. */
  globalCssInPage?: boolean;
}) {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={systemFor(globalCssInPage)}>
        <SessionProvider>{children}</SessionProvider>
        <Toaster />
        <LiveMarker />
      </ChakraProvider>
    </ApolloProvider>
  );
}
