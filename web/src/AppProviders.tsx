import { type ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { SessionProvider } from "./modules/auth/session";
import { system } from "./ui/theme";
import { Toaster } from "./ui/toaster";

/** Marks the page as live (its code running): `<html data-live>`, which browser tests wait for. */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = "true";
  }, []);
  return null;
}

/**
 * What every page runs in, in the browser and on the server alike. Both must render the
 * very same tree: React derives the ids of labels and descriptions (useId) from it.
 */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <SessionProvider>{children}</SessionProvider>
        <Toaster />
        <LiveMarker />
      </ChakraProvider>
    </ApolloProvider>
  );
}
