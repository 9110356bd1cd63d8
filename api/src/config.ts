import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";

/** Raised for bad configuration: start-up stops with this one line. */
export class ConfigError extends Error {}

export interface SiteIdentityConfig {
  publisherName: string;
  publisherAddress: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  dpoContact: string;
  contactEmail: string;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  departmentCode: string;
  admin: { email: string; password: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  mapboxToken: string | null;
  /** Raster tiles of the basemap ({z}/{x}/{y} template), when no Mapbox token is set. */
  basemapUrl: string;
  sessionSecret: string;
  /** Accept a new SESSION_SECRET on a database where instances recorded another (every session ends). */
  sessionSecretRotate: boolean;
  demoContent: boolean;
  graphqlExplorer: boolean;
  trustProxy: string;
  geocoder: { url: string; mapboxUrl: string; timeoutMs: number; fillTowns: boolean };
  webDist: string;
  site: SiteIdentityConfig;
  /** How often scheduled articles are looked for (seconds). */
  publishCheckSeconds: number;
  /** How often the background jobs (JobRunner) are looked for (seconds). */
  jobCheckSeconds: number;
  /** How often the alerts' digests are looked for (seconds); each alert still gets one a day or a week at most. */
  alertDigestSeconds: number;
  /** API requests a minute per address for anonymous callers. */
  apiRateLimit: number;
  /** Where uploaded files are kept: a directory (`uploadsDir`), or the database. */
  uploadStorage: "local" | "database";
  uploadsDir: string;
  /** A replica visitors' searches and pages read from (MySQL/MariaDB only); null: the primary. */
  databaseReadUrl: string | null;
  /** How long one database statement may run (ms): the server stops it, and the portal stops waiting 1 s later. */
  databaseStatementTimeoutMs: number;
  /** How long a stopping instance gives the requests in flight (seconds). */
  shutdownTimeoutSeconds: number;
  /** How long a stopping instance still takes connections, answering /healthz with 503 (seconds). */
  shutdownDrainSeconds: number;
}

type Env = Record<string, string | undefined>;

const fail = (name: string, why: string): never => {
  throw new ConfigError(`Configuration invalide : ${name} ${why}`);
};

const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const isUrl = (value: string, protocols: string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const readUrl = (env: Env, name: string, fallback: string): string => {
  const value = read(env, name) ?? fallback;
  if (!isUrl(value, ["http:", "https:"])) fail(name, "doit être une URL http:// ou https://.");
  return value.replace(/\/+$/, "");
};

const parseTimeout = (env: Env, name: string, fallback: number): number => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 50 || Number(value) > 60_000) {
    fail(name, "doit être un nombre de millisecondes entre 50 et 60000.");
  }
  return Number(value);
};

/** A time limit of database statements: long enough for the slowest search, short enough to fail fast. */
const parseStatementTimeout = (env: Env, name: string, fallback: number): number => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 100 || Number(value) > 600_000) {
    fail(name, "doit être un nombre de millisecondes entre 100 et 600000.");
  }
  return Number(value);
};

const parseSeconds = (env: Env, name: string, fallback: number): number => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3600) {
    fail(name, "doit être un nombre de secondes entre 1 et 3600.");
  }
  return Number(value);
};

/** A delay in seconds, zero allowed. */
const parseDelay = (env: Env, name: string, fallback: number): number => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 3600) fail(name, "doit être un nombre de secondes entre 0 et 3600.");
  return Number(value);
};

const parseCount = (env: Env, name: string, fallback: number): number => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) {
    fail(name, "doit être un nombre entier entre 1 et 1000000.");
  }
  return Number(value);
};

/** The Mapbox token reaches the browsers (maps): only a public token (pk.…) is accepted. */
const readMapboxToken = (env: Env): string | null => {
  const token = read(env, "MAPBOX_TOKEN");
  if (token && !/^pk\.[A-Za-z0-9._-]+$/.test(token)) {
    fail("MAPBOX_TOKEN", "doit être un jeton public Mapbox (pk.…) : il est transmis aux navigateurs.");
  }
  return token ?? null;
};

/** The Plan IGN basemap (Géoplateforme WMTS, no key), as a tile URL template. */
export const IGN_TILES =
  "https://data.geopf.fr/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2" +
  "&STYLE=normal&TILEMATRIXSET=PM&FORMAT=image/png&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}";

/** A tile URL template: http(s) with {z}, {x} and {y}. */
const readTileTemplate = (env: Env): string => {
  const value = read(env, "BASEMAP_URL") ?? IGN_TILES;
  const filled = value.replace("{z}", "0").replace("{x}", "0").replace("{y}", "0");
  if (!isUrl(filled, ["http:", "https:"]) || !["{z}", "{x}", "{y}"].every((part) => value.includes(part))) {
    fail("BASEMAP_URL", "doit être une adresse de tuiles http(s) contenant {z}, {x} et {y}.");
  }
  return value;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const parseBoolean = (env: Env, name: string, fallback: boolean): boolean => {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (["true", "1", "yes", "on"].includes(value.toLowerCase())) return true;
  if (["false", "0", "no", "off"].includes(value.toLowerCase())) return false;
  return fail(name, `doit valoir true ou false (reçu « ${value} »).`);
};

/** A secret kept under DATA_DIR so that sessions survive restarts outside production. */
const localSecret = (dataDir: string): string => {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = read(env, "NODE_ENV") ?? "development";
  if (!["development", "production", "test"].includes(nodeEnv)) {
    fail("NODE_ENV", "doit valoir development, production ou test.");
  }

  const portText = read(env, "PORT") ?? "4000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    fail("PORT", `doit être un numéro de port entre 0 et 65535 (reçu « ${portText} »).`);
  }

  const databaseUrl = read(env, "DATABASE_URL") ?? null;
  if (databaseUrl && !isUrl(databaseUrl, ["mysql:", "mariadb:"])) {
    fail("DATABASE_URL", "doit être une URL mysql://utilisateur:motdepasse@hôte:port/base.");
  }

  const dataDir = resolve(read(env, "DATA_DIR") ?? "data");

  const databaseReadUrl = read(env, "DATABASE_READ_URL") ?? null;
  if (databaseReadUrl && !isUrl(databaseReadUrl, ["mysql:", "mariadb:"])) {
    fail("DATABASE_READ_URL", "doit être une URL mysql://utilisateur:motdepasse@hôte:port/base.");
  }
  if (databaseReadUrl && !databaseUrl) {
    fail(
      "DATABASE_READ_URL",
      "demande DATABASE_URL (la base principale, MySQL ou MariaDB, dont elle est la réplique).",
    );
  }

  const uploadStorage = read(env, "UPLOAD_STORAGE") ?? "local";
  if (uploadStorage !== "local" && uploadStorage !== "database") {
    fail(
      "UPLOAD_STORAGE",
      `doit valoir local (un répertoire) ou database (la base de données) (reçu « ${uploadStorage} »).`,
    );
  }

  const departmentCode = read(env, "DEPARTMENT_CODE") ?? "64";
  if (!/^(\d{2}|2A|2B|97\d)$/.test(departmentCode)) {
    fail("DEPARTMENT_CODE", `doit être un code de département (64, 2A, 974…) (reçu « ${departmentCode} »).`);
  }

  const adminEmail = read(env, "ADMIN_EMAIL");
  const adminPassword = env.ADMIN_PASSWORD ?? undefined;
  if (adminEmail && !EMAIL.test(adminEmail)) fail("ADMIN_EMAIL", "n'est pas une adresse e-mail valide.");
  if (adminEmail && !adminPassword) fail("ADMIN_PASSWORD", "est requis lorsque ADMIN_EMAIL est défini.");
  if (adminPassword && !adminEmail) fail("ADMIN_EMAIL", "est requis lorsque ADMIN_PASSWORD est défini.");
  if (adminPassword && adminPassword.length < 8) {
    fail("ADMIN_PASSWORD", "doit contenir au moins 8 caractères.");
  }

  const smtpUrl = read(env, "SMTP_URL") ?? null;
  if (smtpUrl && !isUrl(smtpUrl, ["smtp:", "smtps:"])) {
    fail("SMTP_URL", "doit être une URL smtp:// ou smtps://.");
  }

  const publicUrl = (read(env, "PUBLIC_URL") ?? `http://localhost:${port}`).replace(/\/+$/, "");
  if (!isUrl(publicUrl, ["http:", "https:"])) fail("PUBLIC_URL", "doit être une URL http:// ou https://.");

  const mailFrom = read(env, "MAIL_FROM") ?? `Portail parentalité <no-reply@${new URL(publicUrl).hostname}>`;

  let sessionSecret = read(env, "SESSION_SECRET");
  if (sessionSecret && sessionSecret.length < 32) {
    fail("SESSION_SECRET", "doit contenir au moins 32 caractères.");
  }
  if (!sessionSecret) {
    if (nodeEnv === "production") {
      fail(
        "SESSION_SECRET",
        "est requis en production : 32 caractères ou plus, la même valeur sur chaque instance du portail.",
      );
    }
    sessionSecret = localSecret(dataDir);
  }

  const contactEmail = read(env, "CONTACT_EMAIL") ?? adminEmail ?? "";
  if (contactEmail && !EMAIL.test(contactEmail)) fail("CONTACT_EMAIL", "n'est pas une adresse e-mail valide.");

  return {
    env: nodeEnv as Config["env"],
    port,
    databaseUrl,
    dataDir,
    departmentCode,
    admin: adminEmail && adminPassword ? { email: adminEmail.toLowerCase(), password: adminPassword } : null,
    smtpUrl,
    mailFrom,
    publicUrl,
    mapboxToken: readMapboxToken(env),
    basemapUrl: readTileTemplate(env),
    sessionSecret,
    sessionSecretRotate: parseBoolean(env, "SESSION_SECRET_ROTATE", false),
    // Fictional demo content is for trying the portal, never a default in production.
    demoContent: parseBoolean(env, "DEMO_CONTENT", nodeEnv !== "production"),
    graphqlExplorer: parseBoolean(env, "GRAPHQL_EXPLORER", true),
    trustProxy: read(env, "TRUST_PROXY") ?? "loopback",
    geocoder: {
      url: readUrl(env, "GEOCODER_URL", "https://data.geopf.fr/geocodage"),
      mapboxUrl: readUrl(env, "MAPBOX_GEOCODER_URL", "https://api.mapbox.com"),
      timeoutMs: parseTimeout(env, "GEOCODER_TIMEOUT_MS", 4000),
      fillTowns: parseBoolean(env, "GEOCODE_TOWNS", true),
    },
    publishCheckSeconds: parseSeconds(env, "PUBLISH_CHECK_SECONDS", 60),
    jobCheckSeconds: parseSeconds(env, "JOB_CHECK_SECONDS", 300),
    alertDigestSeconds: parseSeconds(env, "ALERT_DIGEST_SECONDS", 3600),
    apiRateLimit: parseCount(env, "API_RATE_LIMIT", 300),
    uploadStorage: uploadStorage as Config["uploadStorage"],
    uploadsDir: resolve(read(env, "UPLOADS_DIR") ?? join(dataDir, "uploads")),
    databaseReadUrl,
    databaseStatementTimeoutMs: parseStatementTimeout(env, "DATABASE_STATEMENT_TIMEOUT_MS", 5000),
    shutdownTimeoutSeconds: parseSeconds(env, "SHUTDOWN_TIMEOUT_SECONDS", 20),
    shutdownDrainSeconds: parseDelay(env, "SHUTDOWN_DRAIN_SECONDS", 1),
    webDist: resolve(read(env, "WEB_DIST") ?? join(__dirname, "..", "..", "web", "dist")),
    site: {
      publisherName: read(env, "PUBLISHER_NAME") ?? "",
      publisherAddress: read(env, "PUBLISHER_ADDRESS") ?? "",
      publicationDirector: read(env, "PUBLICATION_DIRECTOR") ?? "",
      hostName: read(env, "HOST_NAME") ?? "",
      hostAddress: read(env, "HOST_ADDRESS") ?? "",
      dpoContact: read(env, "DPO_CONTACT") ?? "",
      contactEmail,
    },
  };
}
