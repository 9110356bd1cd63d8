// Every route a visitor can open, and the GraphQL explorer, read by axe (WCAG 2.1 A/AA) on a
// 390 px phone and a 1280 px screen: what a screen reader's user meets on each page. The signed-in
// routes are in axe-accounts.e2e.ts, on a portal of their own.
import { describe, it } from "vitest";
import { axeSweep, DESKTOP, routesByAccount, usePhonePortal } from "./phone-portal";
import { noAxeViolation, painted } from "./portal";

describe("every route with a screen reader's eyes, signed out", () => {
  const phonePortal = usePhonePortal("axe_visitor");
  const { portal, ids, contextFor } = phonePortal;

  it("has no axe violation on any route a visitor opens, on a phone and a computer", { timeout: 300_000 }, async () => {
    for (const [who, account, routes] of routesByAccount(ids).filter(([, account]) => account === null)) {
      await axeSweep(phonePortal, who, account, routes);
    }
  });

  it("has no axe violation on the GraphQL explorer", async () => {
    const { context } = await contextFor(null, DESKTOP);
    const explorer = await context.newPage();
    // The explorer is complete once it has read the schema (its introspection query).
    const schemaRead = explorer.waitForResponse(
      (response) => response.url().endsWith("/graphql") && /__schema/.test(response.request().postData() ?? ""),
    );
    await explorer.goto(`${portal.url}/graphql`);
    await explorer.locator(".graphiql-container").waitFor();
    await schemaRead;
    await painted(explorer);
    await noAxeViolation(explorer, "explorer");
    await context.close();
  });
});
