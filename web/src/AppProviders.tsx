import { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { ReactNode } from "react";
import { SessionProvider } from "./modules/auth/session";
import { system } from "./ui/theme";
import { Toaster } from "./ui/toaster";

/** What every page runs in, in the browser and on the server alike. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <SessionProvider>{children}</SessionProvider>
        <Toaster />
      </ChakraProvider>
    </ApolloProvider>
  );
}
