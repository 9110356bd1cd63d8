import { type DataSource } from "typeorm";
import { describe, expect, it } from "vitest";
import { actor } from "../../test/agent";
import { useTestPortal } from "../../test/portal";
import { recordStatements } from "../../test/statements";
import { loadTownData } from "../modules/geo/town-data";
import { Network, Role } from "../modules/reference/reference.data";
import { CANDIDATE_CAP } from "../modules/common/facets";
import { COUNT_CAP } from "../modules/common/search-page";
import { isMysql } from "./column-types";
import { seedScaleContent } from "./seed/scale-content";
import { rowsAtScale } from "../../test/scale";

/** Media generated: a few thousand in npm test, 10,000 under npm run test:scale. */
const MEDIA = rowsAtScale(4000, 10_000);
import { refreshStatistics } from "./statistics";

/**
 * The searches' query plans on MySQL/MariaDB, over a few thousand generated rows with fresh
 * statistics: no statement of a search, list or detail request reads a whole table, sorts a
 * large part of one, scans a whole index without a LIMIT, or reads more than ROW_READS rows of a
 * table where an index's entries would answer. Sorting a bounded candidate set
 * (a derived table read with a LIMIT) is the design (see docs/ARCHITECTURE.md, « Searching »).
 */
const mysql = isMysql(process.env.DATABASE_URL);
// ANALYZE <statement> (rows actually read) is MariaDB's; the suite's MySQL-family engine is MariaDB.
const BASE_TABLES = ["media", "media_facet", "service", "service_facet", "users"];
/** A step may read this many rows of a table (not entries of an index that holds what it needs). */
const ROW_READS = 500;
/** Longest names first: an alias like media_facet_0 belongs to media_facet, not media. */
const BY_LENGTH = [...BASE_TABLES].sort((a, b) => b.length - a.length);

interface PlanRow {
  table: string | null;
  type: string | null;
  rows: number | string | null;
  /** Rows actually read (MariaDB's ANALYZE), per loop. */
  r_rows?: number | string | null;
  /** The share of those rows the statement's conditions kept, in per cent (MariaDB's ANALYZE). */
  r_filtered?: number | string | null;
  Extra: string | null;
  key: string | null;
}

/** The SELECT statements one request runs, with their parameters. */
async function statementsOf(dataSource: DataSource, request: () => Promise<void>) {
  return (await recordStatements(dataSource, request)).filter(({ query }) => /^\s*SELECT/i.test(query));
}

/** What is wrong with a statement's plan, in words; empty when nothing is. */
export function planProblems(query: string, plan: PlanRow[], tableRows: Record<string, number>): string[] {
  const problems: string[] = [];
  const limited = /\bLIMIT\s+\d+/i.test(query);
  for (const row of plan) {
    const table = row.table ?? "";
    // Aliases in the plan are the query's; the base table is found by its alias prefix.
    const base = BY_LENGTH.find(
      (name) => table === name || table.startsWith(`${name}_`) || aliasOf(query, table) === name,
    );
    if (!base) continue;
    const read = Number(row.r_rows ?? row.rows ?? 0);
    // Bounded work is fine whatever the table's size: a search reads at most a window of
    // candidates, or counts up to COUNT_CAP matches of criteria that one row in five meets.
    const half = Math.max(tableRows[base] / 2, CANDIDATE_CAP + 5 * COUNT_CAP);
    if (row.type === "ALL") problems.push(`${table} : lecture de toute la table (${read} lignes lues)`);
    // An index read in its order stops early (a LIMIT); it must not walk most of the index.
    if (row.type === "index" && (!limited || read > half)) {
      problems.push(`${table} : lecture de l'index ${row.key} (${read} lignes lues sur ${tableRows[base]})`);
    }
    if (row.Extra?.includes("Using filesort") && read > half) {
      problems.push(`${table} : tri de ${read} lignes sur ${tableRows[base]}`);
    }
    // Many rows read from the table itself, not from a covering index's entries: what the step
    // tests or counts belongs in an index (a page's own rows are read by id, a few at a time).
    const fromIndexAlone = /Using index(?! condition)/.test(row.Extra ?? "");
    if (row.type !== "ALL" && !fromIndexAlone && read > ROW_READS) {
      const kept = Number(row.r_filtered ?? 100).toFixed(0);
      problems.push(`${table} : ${read} lignes de la table lues par ${row.key} (${kept} % gardées)`);
    }
  }
  return problems;
}

/** The table an alias of the query stands for (`FROM media m`, `JOIN media_facet f`). */
function aliasOf(query: string, alias: string): string | undefined {
  const match = new RegExp(`\\b(\\w+)\\W?\\s+(?:AS\\s+)?\\W?${alias}\\W?(?:\\s|$)`, "i").exec(query);
  return match?.[1];
}

describe.skipIf(!mysql)("query plans on MySQL/MariaDB (needs DATABASE_URL)", () => {
  const t = useTestPortal();
  const requests: Record<
    string,
    | {
        as?: "admin" | "partner";
        query: string;
        variables: Record<string, unknown>;
        /** Only the statements it matches are read (the others are said, with why, where the request is). */
        only?: RegExp;
      }
    | { call: () => Promise<unknown> }
  > = {};
  const tableRows: Record<string, number> = {};
  let ds: DataSource;

  // The portal empties its tables before each test: the content is written in the test itself.
  const fill = async () => {
    ds = t.portal.dataSource;
    await seedScaleContent(ds, loadTownData("64"), { media: MEDIA, services: 2000, users: 2000 });
    await refreshStatistics(ds);
    for (const table of BASE_TABLES) {
      const [{ total }] = await ds.query(`SELECT COUNT(*) AS total FROM ${table}`);
      tableRows[table] = Number(total);
    }
    const [{ city }] = await ds.query(
      "SELECT value AS city FROM media_facet WHERE facet = 'location' AND value IN (SELECT city FROM town) GROUP BY value ORDER BY COUNT(*) DESC LIMIT 1",
    );
    const [{ id }] = await ds.query("SELECT id FROM media WHERE restricted = 0 LIMIT 1");
    // An event's place: the events around it are searched.
    const [place] = await ds.query(
      "SELECT latitude AS lat, longitude AS lon FROM media WHERE eventLatitudeBand IS NOT NULL ORDER BY id LIMIT 1",
    );
    const near = { lat: Number(place.lat), lon: Number(place.lon), radiusKm: 20 };
    // A period after every generated event: empty, it names the next event (none here).
    const later = Date.now() + 400 * 86_400_000;
    const emptyPeriod = {
      eventFrom: new Date(later).toISOString(),
      eventTo: new Date(later + 86_400_000).toISOString(),
    };
    // A few articles wait for their publication: half of them are due.
    const waiting: Array<{ id: string }> = await ds.query("SELECT id FROM media ORDER BY id LIMIT 40");
    for (const [index, row] of waiting.entries()) {
      const publishAt = new Date(Date.now() + (index % 2 === 0 ? -1 : 1) * 3_600_000);
      await ds.query("UPDATE media SET published = 0, publishAt = ? WHERE id = ?", [publishAt, row.id]);
      await ds.query("UPDATE media_facet SET published = 0 WHERE mediaId = ?", [row.id]);
    }
    const mediaSearch =
      "query ($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { id title } } }";
    const serviceSearch = "query ($input: ServiceSearchInput!) { services(input: $input) { count results { id } } }";
    Object.assign(requests, {
      "médias sans filtre": { query: mediaSearch, variables: { input: {} } },
      "médias, page profonde": { query: mediaSearch, variables: { input: { page: 200 } } },
      "médias, texte": { query: mediaSearch, variables: { input: { textQuery: "crèche" } } },
      "médias, texte + âge + commune": {
        query: mediaSearch,
        variables: { input: { textQuery: "atelier", ages: ["ADOLESCENCE"], locations: [city] } },
      },
      "médias, actualités et évènements par âge": {
        query: mediaSearch,
        variables: { input: { categories: ["NEW", "EVENT"], ages: ["PETITE_ENFANCE"] } },
      },
      "évènements seuls": { query: mediaSearch, variables: { input: { categories: ["EVENT"] } } },
      "évènements seuls, page 10": { query: mediaSearch, variables: { input: { categories: ["EVENT"], page: 10 } } },
      "évènements à venir": { query: mediaSearch, variables: { input: { eventTiming: "UPCOMING" } } },
      "évènements passés, page 10": { query: mediaSearch, variables: { input: { eventTiming: "PAST", page: 10 } } },
      "évènements à venir d'une commune": {
        query: mediaSearch,
        variables: { input: { eventTiming: "UPCOMING", locations: [city] } },
      },
      "évènements d'une période (dates seules)": {
        query: mediaSearch,
        variables: {
          input: { eventFrom: new Date().toISOString(), eventTo: new Date(Date.now() + 30 * 86_400_000).toISOString() },
        },
      },
      "évènements d'un lieu": { query: mediaSearch, variables: { input: { eventPlace: city } } },
      "évènements d'un lieu, page 5": { query: mediaSearch, variables: { input: { eventPlace: city, page: 5 } } },
      "évènements depuis une date, d'une commune": {
        query: mediaSearch,
        variables: { input: { eventFrom: new Date().toISOString(), locations: [city] } },
      },
      "évènements autour d'un lieu": { query: mediaSearch, variables: { input: { near, categories: ["EVENT"] } } },
      "évènements à venir autour d'un lieu, texte": {
        query: mediaSearch,
        variables: { input: { near, eventTiming: "UPCOMING", textQuery: "atelier" } },
      },
      "évènements passés autour d'un lieu, page 5": {
        query: mediaSearch,
        variables: { input: { near: { ...near, radiusKm: 50 }, eventTiming: "PAST", page: 5 } },
      },
      "période vide autour d'un lieu : le prochain évènement": {
        query: mediaSearch,
        variables: { input: { near, eventTiming: "UPCOMING", textQuery: "atelier", ...emptyPeriod } },
      },
      "période vide : le prochain évènement": {
        query: mediaSearch,
        variables: { input: { eventTiming: "UPCOMING", categories: ["EVENT"], ...emptyPeriod } },
      },
      "médias, administrateur": { as: "admin", query: mediaSearch, variables: { input: { textQuery: "parents" } } },
      // A network member also sees that network's media: the media row is read with the facets.
      "médias, partenaire d'un réseau, texte + âge": {
        as: "partner",
        query: mediaSearch,
        variables: { input: { textQuery: "atelier", ages: ["ADOLESCENCE"] } },
      },
      // « Mes articles », drafts included.
      "médias, mes articles, texte": {
        as: "partner",
        query: mediaSearch,
        variables: { input: { mine: true, textQuery: "atelier" } },
      },
      "publication programmée : les articles dus": { call: () => t.portal.services.publication.run() },
      // Before an edited or deleted article's files are removed: does another media still use them?
      "fichiers encore utilisés par un média": {
        call: () =>
          t.portal.services.media.linksInUse([
            "/uploads/aaaaaaaaaaaaaaaaaaaaaa.pdf",
            "/uploads/bbbbbbbbbbbbbbbbbbbbbb.png",
          ]),
      },
      "détail d'un média": { query: "query ($id: ID!) { media(id: $id) { id title } }", variables: { id } },
      "services par type et commune": {
        query: serviceSearch,
        variables: { input: { types: ["CRECHE"], locations: [city] } },
      },
      "services, texte": { query: serviceSearch, variables: { input: { textQuery: "relais" } } },
      "services sans filtre": { query: serviceSearch, variables: { input: {} } },
      // A Tuesday at 10:00 in Paris (08:00 UTC in winter).
      "services ouverts à un instant": {
        query: serviceSearch,
        variables: { input: { openAt: "2026-12-08T09:00:00Z" } },
      },
      "services ouverts à un instant, d'une commune": {
        query: serviceSearch,
        variables: { input: { openAt: "2026-12-08T09:00:00Z", locations: [city] } },
      },
      // The administrators' list: the words are tested inside the status index.
      "comptes, texte": {
        as: "admin",
        query: "query ($input: UserSearchInput!) { users(input: $input) { total waiting users { id name } } }",
        variables: { input: { textQuery: "mar" } },
      },
      // « Fiches à vérifier »: the count of reminded sheets reads its index. (Its two other counts
      // read the index entries of the sheets not confirmed for 6 or 9 months, as an exact count
      // must: here almost every generated sheet, which MariaDB may read as the whole index.)
      "fiches à vérifier": {
        as: "admin",
        query:
          "query ($page: Int) { servicesToReview(page: $page) { toReview reminded dueForReminder results { id ownerName } } }",
        variables: { page: 1 },
        only: /reminderSentAt|ORDER BY/,
      },
      "services ouverts le samedi, texte": {
        query: serviceSearch,
        variables: { input: { openOn: ["SATURDAY"], textQuery: "loisirs" } },
      },
      // « Avec des places disponibles »: a range of the `vacancy` facet rows (the days places were
      // given), alone, with a type, a town, words, or around a place.
      "services avec des places disponibles": { query: serviceSearch, variables: { input: { withVacancies: true } } },
      "services avec des places disponibles, page 3": {
        query: serviceSearch,
        variables: { input: { withVacancies: true, page: 3 } },
      },
      "crèches avec des places disponibles d'une commune": {
        query: serviceSearch,
        variables: { input: { withVacancies: true, types: ["CRECHE"], locations: [city] } },
      },
      "services avec des places disponibles, texte": {
        query: serviceSearch,
        variables: { input: { withVacancies: true, textQuery: "crèche" } },
      },
      "services avec des places disponibles autour d'un lieu": {
        query: serviceSearch,
        variables: { input: { withVacancies: true, near: { lat: 43.3, lon: -0.37, radiusKm: 20 } } },
      },
    });
  };

  it("reads no whole table and sorts no large part of one, for every search, list and detail", async () => {
    const [{ version }] = await t.portal.dataSource.query("SELECT VERSION() AS version");
    expect(version, "ce test lit les plans avec ANALYZE de MariaDB").toMatch(/mariadb/i);
    await fill();
    const agents = {
      admin: (await actor(t, Role.ADMIN)).agent,
      partner: (await actor(t, Role.FULL_PARTNER, { networks: [Network.RPE] })).agent,
    };
    const problems: string[] = [];
    for (const [label, request] of Object.entries(requests)) {
      const statements = await statementsOf(ds, async () => {
        if ("call" in request) {
          await request.call();
          return;
        }
        const result = await (request.as ? agents[request.as] : t).graphql(request.query, request.variables);
        expect(result.errors, label).toBeUndefined();
      });
      expect(statements.length, label).toBeGreaterThan(0);
      const only = "only" in request ? request.only : undefined;
      const read = only ? statements.filter(({ query }) => only.test(query)) : statements;
      expect(read.length, label).toBeGreaterThan(0);
      for (const { query, parameters } of read) {
        // ANALYZE runs the statement and tells the rows each step actually read.
        const plan: PlanRow[] = await ds.query(`ANALYZE ${query}`, parameters);
        for (const problem of planProblems(query, plan, tableRows)) problems.push(`${label} — ${problem}\n  ${query}`);
      }
    }
    expect(problems).toEqual([]);
    // The content is the generated département's: the searches did find things.
    expect(tableRows.media).toBe(MEDIA);
  }, 300_000);
});

describe("planProblems", () => {
  const rows = { media: 40_000, media_facet: 900_000, service: 8000, service_facet: 90_000 };
  it("flags a whole-table read, a long index scan and a large sort", () => {
    expect(
      planProblems("SELECT * FROM media m", [{ table: "m", type: "ALL", rows: 40_000, Extra: null, key: null }], rows),
    ).toHaveLength(1);
    expect(
      planProblems(
        "SELECT id FROM media m",
        [{ table: "m", type: "index", rows: 40_000, Extra: "Using index", key: "IDX" }],
        rows,
      ),
    ).toHaveLength(1);
    expect(
      planProblems(
        "SELECT id FROM media m ORDER BY eventFrom LIMIT 16",
        [
          {
            table: "m",
            type: "range",
            rows: 30_000,
            r_rows: 30_000,
            Extra: "Using where; Using index; Using filesort",
            key: "IDX",
          },
        ],
        rows,
      ),
    ).toHaveLength(1);
    // An index picks the rows, but most of those read are discarded by a condition on the row;
    // or a count reads rows for a column its index lacks, where another index holds it.
    expect(
      planProblems(
        "SELECT id FROM users u WHERE status IN (?) AND searchText LIKE ? LIMIT 10",
        [{ table: "u", type: "range", rows: 1920, r_rows: 1920, r_filtered: 5.9, Extra: "Using where", key: "IDX" }],
        { ...rows, users: 2000 },
      ),
    ).toHaveLength(1);
    expect(
      planProblems(
        "SELECT COUNT(*) FROM (SELECT id FROM media m WHERE published = ? AND restricted = ? LIMIT 1001) counted",
        [{ table: "m", type: "ref", rows: 20_000, r_rows: 1113, r_filtered: 90, Extra: "Using where", key: "IDX" }],
        rows,
      ),
    ).toHaveLength(1);
  });

  it("accepts an ordered index read with a LIMIT, a small sort and a bounded candidate set", () => {
    expect(
      planProblems(
        "SELECT id FROM media m ORDER BY createdAt DESC LIMIT 16",
        [{ table: "m", type: "index", rows: 16, Extra: "Using where", key: "IDX_media_newest" }],
        rows,
      ),
    ).toEqual([]);
    expect(
      planProblems(
        "SELECT id FROM media m WHERE eventEnd >= ? ORDER BY eventFrom LIMIT 16",
        [{ table: "m", type: "range", rows: 40, Extra: "Using where; Using filesort", key: "IDX_media_event_end" }],
        rows,
      ),
    ).toEqual([]);
    expect(
      planProblems(
        "SELECT m.id FROM media m INNER JOIN (SELECT mediaId FROM media_facet LIMIT 5000) candidate",
        [{ table: "<derived2>", type: "ALL", rows: 5000, Extra: "Using temporary; Using filesort", key: null }],
        rows,
      ),
    ).toEqual([]);
    // The same condition tested inside the index: only the matches' rows are read.
    expect(
      planProblems(
        "SELECT id FROM users u WHERE status IN (?) AND searchText LIKE ? LIMIT 10",
        [
          {
            table: "u",
            type: "range",
            rows: 1920,
            r_rows: 114,
            r_filtered: 100,
            Extra: "Using index condition",
            key: "IDX",
          },
        ],
        { ...rows, users: 2000 },
      ),
    ).toEqual([]);
    // Entries of a covering index discarded by a bit test cost no row read.
    expect(
      planProblems(
        "SELECT id FROM media m ORDER BY createdAt DESC LIMIT 16",
        [
          {
            table: "m",
            type: "index",
            rows: 3000,
            r_rows: 3000,
            r_filtered: 10,
            Extra: "Using where; Using index",
            key: "IDX",
          },
        ],
        rows,
      ),
    ).toEqual([]);
  });
});
