import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { placeLinkTarget } from "./place-link";

describe("a services link naming its place in words (`/services?ou=Lescar`)", () => {
  const t = useTestPortal();
  const target = (path: string) =>
    placeLinkTarget(new URL(path, "https://parentalite.example.fr"), t.portal.services.geo);
  const LESCAR = "ou=Lescar&lat=43.34051&lon=-0.42820";

  it("answers with the town's position, whatever the case, accents, hyphens or « St »", async () => {
    expect(await target("/services?ou=Lescar")).toBe(`/services?${LESCAR}`);
    expect(await target("/services?ou=%20LESCAR%20")).toBe(`/services?${LESCAR}`);
    expect(await target("/services?ou=st%20jean%20de%20luz")).toMatch(
      /^\/services\?ou=Saint-Jean-de-Luz&lat=43\.\d{5}&lon=-1\.\d{5}$/,
    );
    // The other parameters are kept, the radius asked too.
    expect(await target("/services?types=CRECHE&ou=lescar&rayon=20")).toBe(
      `/services?types=CRECHE&ou=Lescar&rayon=20&lat=43.34051&lon=-0.42820`,
    );
  });

  it("takes a postcode only when one town has it, or a postcode with the name", async () => {
    expect(await target("/services?ou=64000")).toMatch(/^\/services\?ou=Pau&lat=43\.\d{5}&lon=-0\.\d{5}$/);
    // 64230 is sixteen towns: the field offers them; the link cannot choose.
    expect(await target("/services?ou=64230")).toBeNull();
    expect(await target("/services?ou=64230%20Lescar")).toBe(`/services?${LESCAR}`);
  });

  it("answers the events list's « Où ? » the same way, with the event category", async () => {
    expect(await target("/actualites?category=EVENT&ou=lescar")).toBe(`/actualites?category=EVENT&${LESCAR}`);
    expect(await target("/?category=EVENT&ou=Lescar&rayon=20")).toBe(
      `/?category=EVENT&ou=Lescar&rayon=20&lat=43.34051&lon=-0.42820`,
    );
  });

  it("leaves alone a link with a position, another page, a town of elsewhere, an empty or overlong text", async () => {
    expect(await target(`/services?${LESCAR}`)).toBeNull();
    expect(await target("/services?ou=Pau&lat=43.3&lon=-0.37")).toBeNull();
    // The news list has no place of its own: only its events have one.
    expect(await target("/actualites?ou=Lescar")).toBeNull();
    expect(await target("/actualites?category=NEW&ou=Lescar")).toBeNull();
    expect(await target("/ressources?category=EVENT&ou=Lescar")).toBeNull();
    expect(await target("/services?ou=Paris")).toBeNull();
    expect(await target("/services?ou=%20")).toBeNull();
    expect(await target(`/services?ou=${"Lescar".repeat(30)}`)).toBeNull();
  });
});
