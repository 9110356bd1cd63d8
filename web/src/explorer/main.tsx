import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import "./explorer.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { fixGraphiqlTabs } from "./accessible-tabs";
import { PORTAL_NAME } from "../rules";

const fetcher = createGraphiQLFetcher({ url: "/graphql" });

const defaultQuery = `# Explorateur de l'API du ${PORTAL_NAME}.
# Ctrl+Entrée exécute la requête ; la documentation du schéma est dans le panneau « Docs ».
query DernieresActualites {
  mediaSearch(input: { categories: [NEW, EVENT], pageSize: 5 }) {
    count
    results { id title createdAt categories eventFrom eventTo }
  }
}
`;

const container = document.getElementById("explorer")!;
fixGraphiqlTabs(container);
createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />
  </StrictMode>,
);
