import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { walkPages } from "../../../test/walk-pages";
import { bitsOf } from "../common/bits";
import { type FacetGroup, insertRows, type RowCriterion } from "../common/facets";
import { distanceSql } from "../geo/distance";
import { Age, ServiceType } from "../reference/reference.data";
import { SheetFacet } from "../sheets/sheet-facet.entity";
import { Sheet } from "../sheets/sheet.entity";
import { sheetFacets, sheetRecord } from "../sheets/sheet.service";
import { typeWord } from "../sheets/service-words";
import { AvailabilityStatus, ChildcareAgeGroup } from "../sheets/availability";
import { parisDay } from "../../shared/rules";
import { type ServicePlan } from "./plans";
import { type AroundPlace, searchServiceIds } from "./service-search";

/**
 * Each services plan against a plain query of the same criteria: generated services with ties
 * (five names, several at one position), services without a position, far ones that cover
 * the place's EPCI, and crèches whose places were given on days spread over four months. Every
 * page, walked to the end from the plan's executor, is the plain query's answer in its order.
 */
describe("services search plans against a plain query", () => {
  const t = useTestPortal();
  const SERVICES = 600;
  const TOWN = ["Alphaville", "CC Alpha"];
  const centre = { lat: 43.3, lon: -0.37 };
  const types = [ServiceType.CRECHE, ServiceType.RPE, ServiceType.LAEP];

  /** « Avec des places disponibles » from this Paris day on: some crèches gave theirs that very day. */
  const SINCE = "2026-09-08";
  const TODAY = Date.UTC(2026, 10, 10, 9);
  /** The crèches whose places count (given since SINCE), computed here rather than read from facet rows. */
  const withVacancies = new Set<string>();

  /**
   * SERVICES services: five names, three types, nine in ten in Alphaville; positions on a line
   * north of the centre, 1.445 km apart, four services at each (beyond 10 km from the 7th),
   * one in eleven without a position, one in seven covering CC Alpha. Crèches give places,
   * three in four, on a day up to four months back (one in four: full).
   */
  const seed = async () => {
    const names = ["Crèche Les Lilas", "Relais petite enfance", "Lieu d'accueil enfants-parents", "Halte", "Accueil"];
    const records = Array.from({ length: SERVICES }, (_, i) => {
      const positioned = i % 11 !== 4;
      const alpha = i % 10 !== 9;
      return sheetRecord(
        {
          serviceName: names[i % names.length],
          serviceManager: "Responsable",
          userIds: [],
          email: "accueil@example.org",
          phone: "0559000000",
          mobile: null,
          website: null,
          externalLink: null,
          mainPicture: null,
          fullAddress: "1 rue de la Paix",
          city: alpha ? "Alphaville" : "Betaville",
          zip: "64000",
          epci: alpha ? "CC Alpha" : "CC Beta",
          latitude: positioned ? centre.lat + Math.floor(i / 4) * 0.013 : null,
          longitude: positioned ? centre.lon : null,
          types: [types[i % types.length]],
          ages: [Object.values(Age)[i % 2]],
          coveredLocations: i % 7 === 2 ? ["CC Alpha"] : [],
          description: "Un accueil pour les familles.",
          hours: null,
          ...(types[i % types.length] === ServiceType.CRECHE
            ? {
                availabilityGroups: [
                  i % 4 === 3
                    ? { ageGroup: ChildcareAgeGroup.FROM_3_YEARS, status: AvailabilityStatus.FULL, vacancies: null }
                    : {
                        ageGroup: ChildcareAgeGroup.UNDER_18_MONTHS,
                        status: AvailabilityStatus.VACANCIES,
                        vacancies: 2,
                      },
                ],
                availabilityGivenAt: new Date(TODAY - ((i * 7) % 120) * 86_400_000),
              }
            : {}),
        },
        new Date(),
      );
    });
    withVacancies.clear();
    for (const record of records) {
      const given = record.availabilityGivenAt && parisDay(record.availabilityGivenAt);
      if (given && given >= SINCE && record.availabilityGroups?.[0].status === AvailabilityStatus.VACANCIES)
        withVacancies.add(record.id);
    }
    await t.portal.dataSource.transaction(async (manager) => {
      await insertRows(manager, Sheet, records);
      await insertRows(manager, SheetFacet, records.flatMap(sheetFacets));
    });
  };

  interface Plain {
    type?: ServiceType;
    words?: string[];
    places?: string[];
    near?: AroundPlace;
    /** « Avec des places disponibles ». */
    vacancies?: true;
  }

  /** The plain query: a WHERE per criterion on the services, by name (or nearest first). */
  const plain = async ({ type, words, places, near, vacancies }: Plain) => {
    const qb = t.portal.dataSource.createQueryBuilder().select("s.id", "id").from(Sheet, "s");
    const has = (facet: string, values: string[], index: number) =>
      qb.andWhere(
        `s.id IN (SELECT f${index}.serviceId FROM service_facet f${index} WHERE f${index}.facet = :facet${index} ` +
          `AND f${index}.value IN (:...values${index}))`,
        { [`facet${index}`]: facet, [`values${index}`]: values },
      );
    if (type) qb.andWhere(`(s.typeBits & ${bitsOf(Object.values(ServiceType), [type])}) <> 0`);
    (words ?? []).forEach((word, index) => has("word", [word], index));
    if (places) has("location", places, 99);
    if (vacancies) qb.andWhere("s.id IN (:...withVacancies)", { withVacancies: [...withVacancies] });
    if (!near)
      return (await qb.orderBy("s.serviceName", "ASC").addOrderBy("s.id", "ASC").getRawMany()).map((r) => r.id);
    const distance = distanceSql("s");
    qb.andWhere(
      `(${distance} <= :radiusKm OR s.id IN (SELECT c.serviceId FROM service_facet c WHERE c.facet = 'covers' ` +
        "AND c.value = :epci))",
      { radiusKm: near.radiusKm, epci: near.epci, nearLat: near.centre.lat, nearLon: near.centre.lon },
    );
    qb.orderBy(`CASE WHEN ${distance} IS NULL THEN 1 ELSE 0 END`, "ASC")
      .addOrderBy(distance, "ASC")
      .addOrderBy("s.id", "ASC");
    return (await qb.getRawMany<{ id: string }>()).map((row) => row.id);
  };

  /** The search's criteria as the executor takes them. */
  const search = ({ type, words, places, near, vacancies }: Plain, page: number, pageSize: number) => ({
    row: (type ? [{ column: "typeBits", bits: bitsOf(Object.values(ServiceType), [type]) }] : []) as RowCriterion[],
    groups: [
      ...(places ? [{ facet: "location", values: places }] : []),
      ...(words ?? []).map((word) => ({ facet: "word", values: [word] })),
      ...(vacancies ? [{ facet: "vacancy", atLeast: SINCE }] : []),
    ] as FacetGroup[],
    conditions: [],
    near: near ?? null,
    offset: page * pageSize,
    size: pageSize,
  });

  const check = async (plan: ServicePlan["kind"], cases: Plain[]) => {
    await seed();
    for (const criteria of cases) {
      const ids = await plain(criteria);
      expect(ids.length, JSON.stringify(criteria)).toBeGreaterThan(0);
      const plans = new Set<string>();
      await walkPages(async (page, pageSize) => {
        const found = await searchServiceIds(t.portal.dataSource, search(criteria, page, pageSize));
        plans.add(found.plan.kind);
        return { ...found.page, results: found.page.ids.map((id) => ({ id })) };
      }, ids);
      expect([...plans], JSON.stringify(criteria)).toEqual([plan]);
    }
  };

  it("by-name-scan: every service by name, ties by id, types tested", async () => {
    await check("by-name-scan", [{}, { type: ServiceType.RPE }]);
  }, 120_000);

  it("facet-rows: places and words from the facet rows, by name", async () => {
    await check("facet-rows", [
      { places: TOWN },
      { words: [typeWord(ServiceType.CRECHE)], type: ServiceType.CRECHE },
      // Two groups past the probed window: one drives, the other probes each candidate.
      { places: TOWN, words: ["responsable"] },
      { places: ["Betaville", "CC Beta"], words: ["accueil"] },
      // Places given since a day: a range of one facet's values, alone or with others.
      { vacancies: true },
      { vacancies: true, type: ServiceType.CRECHE },
      { vacancies: true, places: TOWN },
      { vacancies: true, words: ["accueil"], places: ["Betaville", "CC Beta"] },
    ]);
  }, 120_000);

  it("around-place: within the radius and covering the place's EPCI, nearest first, no position last", async () => {
    const near = { centre, radiusKm: 10, epci: "CC Alpha" };
    await check("around-place", [
      { near },
      { near, type: ServiceType.LAEP },
      { near: { ...near, epci: null } },
      { near: { ...near, radiusKm: 20 }, words: ["responsable"], places: TOWN },
      { near, words: ["enfance"] },
      { near, vacancies: true },
    ]);
  }, 120_000);
});
