import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { loadTownData } from "../../modules/geo/town-data";
import { Media } from "../../modules/media/media.entity";
import { Category } from "../../modules/reference/reference.data";
import { Sheet } from "../../modules/sheets/sheet.entity";
import { seedDemoContent } from "./demo-content";
import { isChildCare } from "../../shared/availability";

const DAY = 24 * 3600_000;

describe("demo content", () => {
  const t = useTestPortal();
  const seed = () => seedDemoContent(t.portal.dataSource, t.portal.services, loadTownData("64"));

  it("makes a small living département: sixty articles, forty services in twenty towns, with pictures", async () => {
    expect(await seed()).toBe(true);
    const media = await t.portal.dataSource.getRepository(Media).find();
    const services = await t.portal.dataSource.getRepository(Sheet).find();
    expect(media).toHaveLength(60);
    expect(services).toHaveLength(40);
    for (const item of [...media.map((m) => m.title), ...services.map((s) => s.serviceName)]) {
      expect(item).toMatch(/^\[Exemple\] \S/);
    }
    const count = (category: Category) => media.filter((m) => m.categories.includes(category)).length;
    expect([count(Category.NEW), count(Category.EVENT), count(Category.RESOURCE)]).toEqual([24, 21, 15]);

    // Events spread over the coming three months, each ending after it starts.
    const now = Date.now();
    for (const event of media.filter((m) => m.categories.includes(Category.EVENT))) {
      expect(event.eventFrom!.getTime()).toBeGreaterThan(now);
      expect(event.eventFrom!.getTime()).toBeLessThan(now + 92 * DAY);
      expect(event.eventTo!.getTime()).toBeGreaterThan(event.eventFrom!.getTime());
      expect(event.eventAddress).toMatch(/\d{5} /);
    }

    // Services of many kinds, in at least fifteen towns, each placed on the map.
    expect(new Set(services.map((s) => s.city)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(services.flatMap((s) => s.types)).size).toBeGreaterThanOrEqual(15);
    expect(services.every((s) => s.latitude !== null && s.longitude !== null)).toBe(true);
    expect(services.every((s) => /^05 36 49 /.test(s.phone) && s.email.endsWith("@example.org"))).toBe(true);

    // Child care sheets give their places: some current (« Avec des places disponibles » finds
    // them), some full, some « à confirmer »; the others give none.
    const childCare = services.filter((s) => isChildCare(s.types));
    expect(childCare.length).toBeGreaterThanOrEqual(8);
    expect(childCare.every((s) => s.availabilityGroups?.length)).toBe(true);
    expect(services.filter((s) => !isChildCare(s.types)).every((s) => s.availabilityGroups === null)).toBe(true);
    const withVacancies = await t.graphql<{ services: { results: Array<{ availability: { summary: string } }> } }>(
      `{ services(input: { withVacancies: true }) { results { availability { summary } } } }`,
    );
    const summaries = withVacancies.data!.services.results.map((s) => s.availability.summary);
    expect(summaries.length).toBeGreaterThanOrEqual(3);
    expect(summaries.every((summary) => /^\d+ places? disponibles? \(au \d\d\/\d\d\)$/.test(summary))).toBe(true);

    // Every article has a picture the portal serves.
    const pictures = new Set(media.map((m) => m.mainPicture));
    expect(pictures.has(null)).toBe(false);
    for (const link of pictures) {
      const response = await fetch(`${t.url}${link}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    }

    // A visitor sees what is public: all but the few articles kept for networks.
    const restricted = media.filter((m) => m.networks.length > 0).length;
    expect(restricted).toBeGreaterThan(0);
    const { data } = await t.graphql<{ mediaSearch: { count: number } }>(
      `{ mediaSearch(input: { pageSize: 1 }) { count } }`,
    );
    expect(data!.mediaSearch.count).toBe(60 - restricted);

    // It seeds an empty database only.
    expect(await seed()).toBe(false);
    expect(await t.portal.dataSource.getRepository(Media).count()).toBe(60);
  });
});
