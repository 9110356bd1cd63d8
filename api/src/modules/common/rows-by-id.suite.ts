import { DateTime } from "luxon";
import { expect, it } from "vitest";
import { Age, buildMedia, buildSheet, Category, Network, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { demoHours } from "../../db/seed/demo-hours";
import { Media } from "../media/media.entity";
import { Sheet } from "../sheets/sheet.entity";
import { RowsById } from "./rows-by-id";

/** The reader builds what TypeORM's `find` builds, column for column, on the engine it runs on. */
export function rowsByIdSuite(): void {
  const t = useTestPortal();

  it("reads media as find does: dates, lists, JSON, flags, nulls, on its own class", async () => {
    const ds = t.portal.dataSource;
    const event = await buildMedia(ds, {
      title: "Atelier « éveil »",
      categories: [Category.EVENT],
      ages: [Age.PETITE_ENFANCE, Age.ADOLESCENCE],
      networks: [Network.RPE],
      city: ["Pau"],
      eventFrom: new Date("2027-03-14T09:30:00Z"),
      eventTo: new Date("2027-03-14T11:00:00Z"),
      eventAddress: "Salle des fêtes, Pau",
      latitude: 43.2951,
      longitude: -0.3708,
      files: [{ path: "/uploads/a.pdf", name: "Programme.pdf", type: "application/pdf" }],
    });
    const plain = await buildMedia(ds, { title: "Sans rien" });
    const ids = [event.id, plain.id, "00000000-0000-4000-8000-000000000000"];

    const found = await new RowsById(ds, Media).read(ids);
    const byId = new Map(found.map((media) => [media.id, media]));
    expect(found).toHaveLength(2);
    for (const media of await ds.getRepository(Media).find({ where: ids.map((id) => ({ id })) })) {
      const read = byId.get(media.id)!;
      expect(read).toBeInstanceOf(Media);
      expect(read).toEqual(media);
    }
    const read = byId.get(event.id)!;
    expect(read.eventFrom).toEqual(new Date("2027-03-14T09:30:00Z"));
    expect(read.ages).toEqual([Age.PETITE_ENFANCE, Age.ADOLESCENCE]);
    expect(read.files).toEqual([{ path: "/uploads/a.pdf", name: "Programme.pdf", type: "application/pdf" }]);
    expect(read.restricted).toBe(true);
    expect(read.latitude).toBeCloseTo(43.2951, 6);
    expect(byId.get(plain.id)!.eventFrom).toBeNull();
  });

  it("leaves out the columns it is told to, in one statement whatever the number of ids", async () => {
    const ds = t.portal.dataSource;
    const media = await Promise.all([1, 2, 3].map((n) => buildMedia(ds, { title: `Article ${n}` })));
    const reader = new RowsById(ds, Media, { except: ["article", "searchText"] });
    let result: Media[] = [];
    const statements = await recordStatements(ds, async () => {
      result = await reader.read(media.map((m) => m.id));
    });
    expect(statements).toHaveLength(1);
    expect(statements[0].query).not.toMatch(/article|searchText/i);
    expect(result.map((m) => m.title).sort()).toEqual(["Article 1", "Article 2", "Article 3"]);
    expect(result[0].article).toBeUndefined();
    expect(result[0].searchText).toBeUndefined();
    expect(result[0].createdAt).toBeInstanceOf(Date);
    expect(await reader.read([])).toEqual([]);
    expect(() => new RowsById(ds, Media, { except: ["nope" as keyof Media & string] })).toThrow(/nope/);
  });

  it("reads services as find does, opening hours included", async () => {
    const ds = t.portal.dataSource;
    const hours = demoHours(0, DateTime.fromISO("2026-11-24", { zone: "Europe/Paris" }));
    expect(hours).not.toBeNull();
    const service = await buildSheet(ds, {
      types: [ServiceType.CRECHE, ServiceType.RPE],
      coveredLocations: ["CA Pau Béarn Pyrénées"],
      latitude: 43.3,
      longitude: -0.37,
      hours,
      description: "Accueil des tout-petits",
    });
    const [expected] = await ds.getRepository(Sheet).findBy({ id: service.id });
    const [read] = await new RowsById(ds, Sheet).read([service.id]);
    expect(read).toBeInstanceOf(Sheet);
    expect(read).toEqual(expected);
    expect(read.hours).toEqual(hours);
    expect(read.checkedAt).toBeInstanceOf(Date);
  });
}
