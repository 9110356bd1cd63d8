// Every route as each role sees it (content creator, professional partner, administrator), read
// by axe (WCAG 2.1 A/AA) on a 390 px phone and a 1280 px screen. A visitor's routes are in
// axe-visitor.e2e.ts.
import { describe, it } from "vitest";
import { axeSweep, routesByAccount, usePhonePortal } from "./phone-portal";

describe("every route with a screen reader's eyes, signed in", () => {
  const phonePortal = usePhonePortal("axe_accounts");

  it("has no axe violation on any route, in every role, on a phone and a computer", { timeout: 300_000 }, async () => {
    for (const [who, account, routes] of routesByAccount(phonePortal.ids).filter(([, account]) => account !== null)) {
      await axeSweep(phonePortal, who, account, routes);
    }
  });
});
