import { describe, expect, it } from "vitest";
import { type ClickLike, holdLeaving, leavePage, pathLeftTo } from "./leave-path";

const HERE = { origin: "https://parentalite.example.fr", pathname: "/nouvel-article", search: "?categorie=actualite" };
const CLICK: ClickLike = {
  button: 0,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

const link = (href: string, attributes: Record<string, string> = {}) => ({
  href: new URL(href, HERE.origin).href,
  target: attributes.target ?? "",
  hasAttribute: (name: string) => name in attributes,
});

describe("where a click on a link leaves a page holding edits", () => {
  it("names the portal's page it opens, with its query and fragment", () => {
    expect(pathLeftTo(link("/ressources"), CLICK, HERE)).toBe("/ressources");
    expect(pathLeftTo(link("/services?ville=64335#resultats"), CLICK, HERE)).toBe("/services?ville=64335#resultats");
    expect(pathLeftTo(link("/nouvel-article"), CLICK, HERE)).toBe("/nouvel-article");
    expect(pathLeftTo(link("/ressources", { target: "_self" }), CLICK, HERE)).toBe("/ressources");
  });

  it("lets through what keeps the page: a fragment of it, a new tab, a download, another button, a handled click", () => {
    expect(pathLeftTo(link("/nouvel-article?categorie=actualite#article-titre"), CLICK, HERE)).toBeNull();
    expect(pathLeftTo(link("/ressources", { target: "_blank" }), CLICK, HERE)).toBeNull();
    expect(pathLeftTo(link("/api/uploads/guide.pdf", { download: "" }), CLICK, HERE)).toBeNull();
    for (const key of ["altKey", "ctrlKey", "metaKey", "shiftKey"] as const)
      expect(pathLeftTo(link("/ressources"), { ...CLICK, [key]: true }, HERE), key).toBeNull();
    expect(pathLeftTo(link("/ressources"), { ...CLICK, button: 1 }, HERE)).toBeNull();
    expect(pathLeftTo(link("/ressources"), { ...CLICK, defaultPrevented: true }, HERE)).toBeNull();
  });

  it("leaves another site's links to the browser's own confirmation", () => {
    expect(pathLeftTo(link("https://www.caf.fr/"), CLICK, HERE)).toBeNull();
    expect(pathLeftTo(link("mailto:contact@example.org"), CLICK, HERE)).toBeNull();
  });
});

describe("departures made by code (the account menu's items)", () => {
  it("leave at once with no guard, are held by the guard in force, and leave at once again once it is released", () => {
    const done: string[] = [];
    leavePage(() => done.push("profil"));
    expect(done).toEqual(["profil"]);

    const asked: Array<() => void> = [];
    const release = holdLeaving((leave) => asked.push(leave));
    leavePage(() => done.push("signalements"));
    expect(done).toEqual(["profil"]);
    expect(asked).toHaveLength(1);
    // Confirmed: the held departure happens.
    asked[0]();
    expect(done).toEqual(["profil", "signalements"]);

    // A guard released after another took over leaves that one in force.
    const later: Array<() => void> = [];
    const releaseLater = holdLeaving((leave) => later.push(leave));
    release();
    leavePage(() => done.push("déconnexion"));
    expect(later).toHaveLength(1);
    releaseLater();
    leavePage(() => done.push("profil"));
    expect(done).toEqual(["profil", "signalements", "profil"]);
  });
});
