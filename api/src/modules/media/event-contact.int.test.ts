import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { mediaInput, mediaSnapshot, WRITE_ROUTES } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../reference/reference.data";
import { Media } from "./media.entity";

describe("an event organiser's public contact", () => {
  const t = useTestPortal();
  const repo = () => t.portal.dataSource.getRepository(Media);

  describe.each(WRITE_ROUTES)("through $name", (route) => {
    it("keeps an event organiser's public contact, refuses a malformed one, and keeps none on other media", async () => {
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      const event = (contact: Record<string, unknown>) =>
        mediaInput({
          categories: ["EVENT"],
          eventFrom: "2031-05-01T08:00:00.000Z",
          ...contact,
        });
      const created = await route.create(
        agent,
        event({
          contactEmail: "atelier@mairie-pau.fr",
          contactPhone: "05 59 27 85 80",
          registrationUrl: "https://www.pau.fr/inscription",
        }),
      );
      expect(created.id, JSON.stringify(created)).toEqual(expect.any(String));
      expect(await repo().findOneByOrFail({ id: created.id! })).toMatchObject({
        contactEmail: "atelier@mairie-pau.fr",
        contactPhone: "05 59 27 85 80",
        registrationUrl: "https://www.pau.fr/inscription",
      });
      const read = await t.rest("GET", `/api/media/current/${created.id}`);
      expect(read.body).toMatchObject({
        contactEmail: "atelier@mairie-pau.fr",
        registrationUrl: "https://www.pau.fr/inscription",
      });

      const before = await mediaSnapshot(t.portal.dataSource);
      for (const [field, value, message] of [
        ["contactEmail", "atelier@", "L'adresse e-mail de l'organisateur n'est pas valide."],
        ["contactPhone", "12", "Le téléphone de l'organisateur n'est pas valide."],
        ["registrationUrl", "javascript:alert(1)", "Le lien d'inscription doit être une adresse http(s)."],
      ]) {
        const refused = await route.create(agent, event({ [field]: value }));
        expect(refused, field).toMatchObject({ code: "BAD_USER_INPUT", fields: { [field]: message } });
      }
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);

      // A news item keeps no event field, its organiser's contact included.
      const news = await route.create(
        agent,
        mediaInput({ categories: ["NEW"], contactEmail: "atelier@mairie-pau.fr" }),
      );
      expect(await repo().findOneByOrFail({ id: news.id! })).toMatchObject({ contactEmail: null });
    });
  });
});
