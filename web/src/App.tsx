import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { useMemo } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { createApolloClient } from "./apollo/client";
import { SessionProvider } from "./modules/auth/session";
import { routes } from "./routes";
import { system } from "./ui/theme";
import { Toaster } from "./ui/toaster";

export function App() {
  const client = useMemo(createApolloClient, []);
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
        <Toaster />
      </ChakraProvider>
    </ApolloProvider>
  );
}
