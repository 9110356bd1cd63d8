import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildSheet } from "../../../test/factories";
import { parseOsmOpeningHours } from "../sheets/opening-hours-formats";
import { useTestPortal } from "../../../test/portal";
import { seedDemoContent } from "../../db/seed/demo-content";
import { loadTownData } from "../geo/town-data";
import { ServiceType } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";
import { LICENCE, SERVICE_COLUMNS, STRUCTURE_COLUMNS, TYPE_MAPPING } from "./data-inclusion";

const SCHEMAS = join(__dirname, "..", "..", "..", "test", "reference", "data-inclusion");
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const validators = {
  structures: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, "structure.json"), "utf8"))),
  services: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, "service.json"), "utf8"))),
};

describe("open data in the data·inclusion schema", () => {
  const t = useTestPortal();

  it("maps every demo sheet to a structure and a service that the schema's own JSON Schemas accept", async () => {
    const ds = t.portal.dataSource;
    expect(await seedDemoContent(ds, t.portal.services, loadTownData("64"))).toBe(true);
    // Names the schema would refuse as they are: too short, too long.
    await buildSheet(ds, { serviceName: "RP", city: "Lescar" });
    await buildSheet(ds, { serviceName: `Maison des familles ${"et des parents ".repeat(12)}`.trim() });
    const sheets = await ds.getRepository(Sheet).find();
    expect(sheets.length).toBeGreaterThan(20);

    for (const kind of ["structures", "services"] as const) {
      const response = await t.rest("GET", `/api/open-data/${kind}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("link")).toBe(`<${LICENCE.url}>; rel="license"`);
      expect(response.body).toMatchObject({ licence: "Licence Ouverte 2.0", licence_url: LICENCE.url });
      const records = response.body.data as Array<Record<string, any>>;
      expect(records.map((record) => record.id).sort()).toEqual(sheets.map((sheet) => sheet.id).sort());
      for (const record of records) {
        const valid = validators[kind](record);
        expect(validators[kind].errors ?? [], `${kind} ${record.nom}`).toEqual([]);
        expect(valid).toBe(true);
        // Nothing of the accounts: no owner, no account e-mail.
        expect(Object.keys(record)).not.toContain("userIds");
        expect(JSON.stringify(record)).not.toMatch(/demo@|portail-demo/);
      }
    }
    // A crèche is child care, with its address and public contact.
    // (One of the demo's: the two odd names above are told otherwise.)
    const creche = sheets.find(
      (sheet) => sheet.types.includes(ServiceType.CRECHE) && sheet.serviceName.startsWith("[Exemple]"),
    )!;
    const services = (await t.rest("GET", "/api/open-data/services")).body.data as Array<Record<string, any>>;
    const odd = services.filter((record) => record.nom === "RP – Lescar" || record.nom.endsWith("…"));
    expect(odd.map((record) => record.nom.length)).toEqual(expect.arrayContaining([11]));
    expect(odd.every((record) => record.nom.length >= 3 && record.nom.length <= 150)).toBe(true);
    // Hours in OpenStreetMap's syntax, which the opening_hours library reads without a warning.
    const hours = services.map((record) => record.horaires_accueil).filter((value) => value !== null);
    expect(hours.length).toBeGreaterThan(5);
    expect(hours).toContain("Mo-Fr 09:00-12:30,13:30-17:00; Sa 09:00-12:00; PH off");
    for (const value of hours) expect(() => parseOsmOpeningHours(value)).not.toThrow();
    expect(services.find((record) => record.id === creche.id)).toMatchObject({
      structure_id: creche.id,
      nom: creche.serviceName,
      thematiques: expect.arrayContaining(["famille--garde-denfants"]),
      commune: creche.city,
      code_postal: creche.zip,
      lien_source: expect.stringMatching(new RegExp(`/services/${creche.id}$`)),
      contact_nom_prenom: null,
      date_maj: creche.checkedAt.toISOString().slice(0, 10),
    });
    // Each sheet's INSEE code is its town's, from the committed town list (name and postcode).
    const towns = loadTownData("64").towns;
    const inseeOf = (city: string, zip: string) =>
      towns.find((town) => town.city === city && town.postcodes.includes(zip))?.inseeCode ??
      towns.find((town) => town.city === city)?.inseeCode;
    for (const kind of ["structures", "services"] as const) {
      const records = (await t.rest("GET", `/api/open-data/${kind}`)).body.data as Array<Record<string, any>>;
      for (const record of records) {
        const sheet = sheets.find((candidate) => candidate.id === record.id)!;
        expect(record.code_insee, `${kind} ${sheet.city}`).toBe(inseeOf(sheet.city, sheet.zip));
        expect(record.code_insee).toMatch(/^\d{5}$|^2[AB]\d{3}$/);
      }
    }
    expect(services.find((record) => record.id === creche.id)?.code_insee).toBe(inseeOf(creche.city, creche.zip));
  });

  it("maps each of the 24 service types to thématiques the schema knows", () => {
    expect(Object.keys(TYPE_MAPPING).sort()).toEqual(Object.values(ServiceType).sort());
    expect(Object.values(ServiceType)).toHaveLength(24);
    for (const [type, mapped] of Object.entries(TYPE_MAPPING)) {
      const probe = {
        source: "x",
        structure_id: "x",
        id: "x",
        nom: "Un service",
        description: "Un service.",
        date_maj: "2026-01-01",
        thematiques: mapped.thematiques,
        type: mapped.type,
      };
      expect(validators.services(probe), `${type}: ${JSON.stringify(validators.services.errors)}`).toBe(true);
    }
  });

  it("writes CSV files for French spreadsheets: UTF-8 with BOM, « ; », one line per sheet, quoted when needed", async () => {
    const ds = t.portal.dataSource;
    await buildSheet(ds, {
      serviceName: 'Crèche « Les P\'tits Loups » ; "multi-accueil"',
      city: "Pau",
      zip: "64000",
    });
    await buildSheet(ds, { serviceName: "Relais petite enfance", types: [ServiceType.RPE] });
    for (const [kind, columns] of [
      ["structures", STRUCTURE_COLUMNS],
      ["services", SERVICE_COLUMNS],
    ] as const) {
      const response = await fetch(`${t.url}/api/open-data/${kind}.csv`);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toContain(`${kind}-data-inclusion.csv`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3));
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0].split(";")).toEqual([...columns]);
      expect(lines).toHaveLength(3);
      expect(text).toContain('"Crèche « Les P\'tits Loups » ; ""multi-accueil"""');
      // Pau's INSEE code, in its column (one further: the quoted name before it holds a « ; »).
      const pau = lines.slice(1).find((line) => line.includes("Loups"))!;
      expect(pau.split(";")[columns.indexOf("code_insee") + 1]).toBe("64445");
    }
  });
});
