import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { type RouteHandle, routes } from "../../routes";
import { isKeptItemPage, isKeptPage } from "./saved-pages";

/** Every route of the application, with an example path (each parameter replaced by a value). */
function examples(list: RouteObject[]): Array<{ path: string; handle: RouteHandle | undefined }> {
  return list.flatMap((route) => [
    ...(route.path && route.path !== "*"
      ? [{ path: route.path.replace(/:[A-Za-z]+/g, "x1"), handle: route.handle as RouteHandle | undefined }]
      : []),
    ...examples(route.children ?? []),
  ]);
}

describe("pages kept for reading offline", () => {
  const all = examples(routes);

  it("reads the routes", () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.map((route) => route.path)).toContain("/services/x1");
  });

  it("never keeps a page the server does not render for visitors (signed-in pages, links with a token)", () => {
    const signedIn = all.filter((route) => route.handle?.clientOnly).map((route) => route.path);
    expect(signedIn).toEqual(
      expect.arrayContaining([
        "/profil",
        "/gestion-utilisateurs",
        "/nouvel-article",
        // The alerts' e-mailed links carry their token in the query string: never kept.
        "/alertes",
        "/alertes/confirmer",
        "/alertes/arreter",
      ]),
    );
    expect(signedIn.filter(isKeptPage)).toEqual([]);
  });

  it("keeps the public pages, and no form nor sign-in page", () => {
    const kept = all.filter((route) => isKeptPage(route.path)).map((route) => route.path);
    expect(kept).toEqual([
      "/",
      "/actualites",
      "/actualites/x1",
      "/ressources",
      "/ressources/x1",
      "/services",
      "/services/x1",
      "/qui-sommes-nous",
      "/que-propose-ce-portail",
      "/mentions-legales",
      "/conditions-generales-d-utilisation",
      "/accessibilite",
      "/donnees-ouvertes",
    ]);
    for (const path of ["/connexion", "/nous-rejoindre", "/changement-mot-de-passe/x1/x1", "/profil/x1", "/sw.js"]) {
      expect(isKeptPage(path), path).toBe(false);
    }
  });

  it("asks for a second copy of item pages only, not of lists whose address changes with each filter", () => {
    expect(["/services/x1", "/actualites/x1", "/ressources/x1"].every(isKeptItemPage)).toBe(true);
    expect(["/", "/services", "/actualites", "/qui-sommes-nous", "/services/x1/y"].some(isKeptItemPage)).toBe(false);
  });
});
