import { afterAll, beforeAll, beforeEach } from "vitest";
import { loadConfig } from "../src/config";
import { type RunningPortal, startPortal } from "../src/portal";
import { scratchDatabase } from "./database";

/** Every table the tests write to; towns are reference data and stay. */
const DATA_TABLES = [
  "alert_delivery",
  "search_alert",
  "media_facet",
  "media",
  "report",
  "service_facet",
  "service",
  "session",
  "stored_file_chunk",
  "throttle",
  "user_token",
  "uploaded_file",
  "users",
];

/**
 * The worker databases this process has migrated: the next file of the worker empties its
 * database rather than creating and migrating it again (the API project runs a worker's files in
 * one process, `isolate: false`).
 */
const migrated = new Set<string>();

export interface TestPortal {
  url: string;
  portal: RunningPortal;
  /** The portal's DATA_DIR (uploads are kept under DATA_DIR/uploads). */
  dataDir: string;
  graphql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ) => Promise<GraphqlResult<T>>;
  rest: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; headers: Headers }>;
}

export interface GraphqlResult<T> {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/**
 * Starts the real portal (real database, migrations, HTTP on a free port) for a
 * test file, and empties the data tables before each test. `env` may be a
 * function, read when the portal starts (after earlier hooks, e.g. a mailbox's).
 */
export function useTestPortal(env: Record<string, string> | (() => Record<string, string>) = {}): TestPortal {
  const handle = {} as TestPortal;

  beforeAll(async () => {
    const worker = `w${process.env.VITEST_POOL_ID ?? "0"}`;
    const { databaseUrl, dataDir } = await scratchDatabase(worker, { reuse: migrated.has(worker) });
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: dataDir,
      DEMO_CONTENT: "false",
      GEOCODE_TOWNS: "false",
      // Tests send many anonymous requests from one address; the limit has its own test.
      API_RATE_LIMIT: "1000000",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(typeof env === "function" ? env() : env),
    });
    handle.portal = await startPortal(config);
    migrated.add(worker);
    // The portal runs in this test's own process: a synchronous SQLite statement (a seed, an
    // export) can hold the event loop past the server's keep-alive time. Once the loop is free,
    // the next fetch reuses the idle connection just as the server's late timer closes it
    // (ECONNRESET). Idle connections stay open here; close() still ends them.
    handle.portal.server.keepAliveTimeout = 0;
    handle.url = handle.portal.url;
    handle.dataDir = config.dataDir;
    handle.graphql = async (query, variables) => {
      const response = await fetch(`${handle.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await response.json()) as GraphqlResult<never>;
      return { status: response.status, data: json.data ?? null, errors: json.errors };
    };
    handle.rest = async (method, path, body) => {
      const response = await fetch(`${handle.url}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    };
  });

  beforeEach(async () => {
    for (const table of DATA_TABLES) await handle.portal.dataSource.query(`DELETE FROM ${table}`);
  });

  afterAll(async () => {
    await handle.portal?.close();
  });

  return handle;
}
