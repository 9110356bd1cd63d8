import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type RowDataPacket } from "mysql2";
import { createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor, type Agent, buildAccount, newAgent } from "../test/agent";
import { scratchDatabase } from "../test/database";
import { legacyBody, mediaInput } from "../test/media";
import { useTestPortal } from "../test/portal";
import { standInWebBuild } from "../test/stand-in-web-build";
import { type OutageMode, TcpProxy } from "../test/tcp-proxy";
import { isMysql } from "./db/column-types";
import { Role, UserStatus } from "./modules/reference/reference.data";

const UNAVAILABLE = "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.";
const OUTAGE_MS = 4000;

const CREATE_MEDIA = `mutation ($input: MediaInput!) { createMedia(input: $input) { id } }`;
const CREATE_SERVICE = `mutation ($ownerId: ID!, $input: ServiceInput!) { createService(ownerId: $ownerId, input: $input) { id } }`;
const SEARCH = `query { mediaSearch(input: { page: 0, pageSize: 5 }) { count } }`;

const serviceInput = (n: number) => ({
  serviceName: `Crèche Les Lutins ${n}`,
  serviceManager: "Mme Laborde",
  email: "lutins@example.org",
  phone: "05 59 11 22 33",
  fullAddress: "12 Rue des Cordeliers 64000 Pau",
  city: "Pau",
  zip: "64000",
  types: ["CRECHE"],
  ages: ["PETITE_ENFANCE"],
  description: JSON.stringify({ ops: [{ insert: "Accueil des 0-3 ans\n" }] }),
});

/** One answer of the portal, as the test keeps it. */
interface Outcome {
  client: string;
  status: number;
  /** The write was acknowledged (2xx, no error) with this id. */
  id?: string;
  ok: boolean;
  code?: string;
  message?: string;
  retryAfter: string | null;
  ms: number;
  at: number;
}

const useMysql = isMysql(process.env.DATABASE_URL);

describe.skipIf(!useMysql)(
  "a database outage (MySQL/MariaDB only: skipped on SQLite, which has no server to lose; set DATABASE_URL)",
  () => {
    const target = new URL(process.env.DATABASE_URL ?? "mysql://127.0.0.1:3306/x");
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
    let directUrl = "";
    let webDist = "";

    beforeAll(async () => {
      const scratch = await scratchDatabase(`outage_w${process.env.VITEST_POOL_ID ?? "0"}`);
      directUrl = scratch.databaseUrl!;
      await proxy.start();
      webDist = standInWebBuild();
    });
    afterAll(async () => {
      await proxy.close();
      if (webDist) rmSync(dirname(webDist), { recursive: true, force: true });
    });

    // The portal reaches its database through the proxy only; the test reads it directly.
    const t = useTestPortal(() => {
      const viaProxy = new URL(directUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      return { DATABASE_URL: viaProxy.toString(), WEB_DIST: webDist };
    });

    it("keeps every acknowledged write, answers 503 with Retry-After while the database is away, and recovers by itself", async () => {
      const ds = t.portal.dataSource;
      const owner = await buildAccount(ds, { role: Role.FULL_PARTNER, status: UserStatus.CONFIRMED });
      const admin = await actor(t, Role.ADMIN);
      const writers: Array<{ name: string; write: (n: number) => Promise<Outcome> }> = [];
      const started = Date.now();
      const timed = async (client: string, run: () => Promise<Omit<Outcome, "client" | "ms" | "at">>) => {
        const at = Date.now();
        const outcome = await run();
        return { client, ...outcome, ms: Date.now() - at, at: at - started };
      };
      const restWrite = (agent: Agent, client: string, path: string, body: (n: number) => unknown) => (n: number) =>
        timed(client, async () => {
          const response = await agent.rest("POST", path, body(n));
          const ok = response.status === 201;
          const id = ok ? (typeof response.body === "string" ? response.body : response.body.id) : undefined;
          return {
            status: response.status,
            ok,
            id,
            code: response.body?.code,
            message: response.body?.message,
            retryAfter: response.headers.get("retry-after"),
          };
        });
      const graphqlWrite =
        (agent: Agent, client: string, query: string, variables: (n: number) => Record<string, unknown>) =>
        (n: number) =>
          timed(client, async () => {
            const result = await agent.graphql(query, variables(n));
            const error = result.errors?.[0];
            const data = result.data as Record<string, { id: string }> | null;
            const id = error ? undefined : Object.values(data ?? {})[0]?.id;
            return {
              status: result.status,
              ok: result.status === 200 && !error && Boolean(id),
              id,
              code: error?.extensions?.code as string | undefined,
              message: error?.message,
              retryAfter: result.headers.get("retry-after"),
            };
          });

      // Several signed-in clients, each writing in a loop: articles and service sheets, REST and GraphQL.
      for (const i of [1, 2]) {
        const { agent } = await actor(t, Role.NEWS_PARTNER);
        const name = `media-rest-${i}`;
        writers.push({
          name,
          write: restWrite(agent, name, "/api/media/add", (n) => legacyBody(mediaInput({ title: `${name} n°${n}` }))),
        });
      }
      {
        const { agent } = await actor(t, Role.FULL_PARTNER);
        writers.push({
          name: "media-graphql",
          write: graphqlWrite(agent, "media-graphql", CREATE_MEDIA, (n) => ({
            input: mediaInput({ title: `media-graphql n°${n}` }),
          })),
        });
        const { agent: partner, user } = await actor(t, Role.FULL_PARTNER);
        writers.push({
          name: "service-graphql",
          write: graphqlWrite(partner, "service-graphql", CREATE_SERVICE, (n) => ({
            ownerId: user!.id,
            input: serviceInput(n),
          })),
        });
      }
      writers.push({
        name: "service-rest",
        write: restWrite(admin.agent, "service-rest", "/api/services/add", (n) => ({
          ...serviceInput(1000 + n),
          userIds: [owner.id],
        })),
      });

      // Readers: every surface, anonymous and signed in.
      const visitor = newAgent(t);
      const page = (agent: Agent, client: string, path: string) => () =>
        timed(client, async () => {
          const response = await agent.fetch("GET", path, undefined, { accept: "text/html" });
          const text = await response.text();
          return {
            status: response.status,
            ok: response.status === 200 && text.includes('<div id="root">'),
            message: response.status === 503 && text.includes(UNAVAILABLE) ? UNAVAILABLE : text.slice(0, 200),
            retryAfter: response.headers.get("retry-after"),
          };
        });
      const readers: Array<{ name: string; read: () => Promise<Outcome> }> = [
        { name: "page-visitor", read: page(visitor, "page-visitor", "/") },
        { name: "page-signed-in", read: page(admin.agent, "page-signed-in", "/actualites") },
        {
          name: "graphql-read",
          read: () =>
            timed("graphql-read", async () => {
              const result = await visitor.graphql(SEARCH);
              const error = result.errors?.[0];
              return {
                status: result.status,
                ok: result.status === 200 && !error,
                code: error?.extensions?.code as string | undefined,
                message: error?.message,
                retryAfter: result.headers.get("retry-after"),
              };
            }),
        },
        {
          name: "rest-read",
          read: () =>
            timed("rest-read", async () => {
              const response = await visitor.rest("POST", "/api/media/search", { page: 0, pageSize: 5 });
              return {
                status: response.status,
                ok: response.status === 200,
                code: response.body?.code,
                message: response.body?.message,
                retryAfter: response.headers.get("retry-after"),
              };
            }),
        },
        {
          name: "healthz",
          read: () =>
            timed("healthz", async () => {
              const response = await visitor.rest("GET", "/healthz");
              return {
                status: response.status,
                ok: response.status === 200,
                message: response.body?.message,
                retryAfter: response.headers.get("retry-after"),
              };
            }),
        },
      ];

      const outcomes: Outcome[] = [];
      let running = true;
      const loops = [
        ...writers.map(async ({ write }) => {
          for (let n = 1; running; n++) {
            outcomes.push(await write(n));
            await sleep(20);
          }
        }),
        ...readers.map(async ({ read }) => {
          while (running) {
            outcomes.push(await read());
            await sleep(100);
          }
        }),
      ];

      const clients = [...writers.map((w) => w.name), ...readers.map((r) => r.name)];
      const succeededSince = (since: number) =>
        clients.every((client) => outcomes.some((o) => o.client === client && o.ok && o.at >= since));
      const windows: Array<{ mode: OutageMode; from: number; to: number }> = [];
      const shellDuringOutage: Array<{ status: number; shell: boolean }> = [];
      try {
        await sleep(1500);
        for (const mode of ["refuse", "blackhole"] as const) {
          const from = Date.now() - started;
          await proxy.cut(mode);
          await sleep(OUTAGE_MS / 2);
          // A page rendered in the browser (no session, no data on the server) still gets the shell.
          const shell = await fetch(`${t.url}/profil`, { headers: { accept: "text/html" } });
          shellDuringOutage.push({ status: shell.status, shell: (await shell.text()).includes('<div id="root">') });
          await sleep(OUTAGE_MS / 2);
          await proxy.restore();
          const to = Date.now() - started;
          windows.push({ mode, from, to });
          // No restart: every client gets through again on its own.
          const deadline = Date.now() + 20_000;
          while (!succeededSince(to) && Date.now() < deadline) await sleep(100);
          expect(succeededSince(to), `every client succeeds again after the ${mode} outage`).toBe(true);
        }
        await sleep(500);
      } finally {
        running = false;
        await Promise.all(loops);
      }

      const failures = outcomes.filter((o) => !o.ok);
      const acknowledged = outcomes.filter((o) => o.ok && o.id);
      const statuses = (list: Outcome[]) =>
        list.reduce<Record<number, number>>((count, o) => ({ ...count, [o.status]: (count[o.status] ?? 0) + 1 }), {});
      console.info(
        JSON.stringify({
          outages: windows,
          answers: outcomes.length,
          writesAcknowledged: acknowledged.length,
          failures: failures.length,
          statuses: statuses(outcomes),
          failureStatuses: statuses(failures),
          slowestFailureMs: Math.max(...failures.map((o) => o.ms)),
          byClient: Object.fromEntries(
            clients.map((c) => [c, statuses(outcomes.filter((o) => o.client === c && !o.ok))]),
          ),
        }),
      );

      // Every failure was the outage, said as such: 503, Retry-After, the French message.
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure, JSON.stringify(failure)).toMatchObject({ status: 503, retryAfter: "5" });
        if (failure.client === "healthz") expect(failure.message).toBe("La base de données ne répond pas.");
        else expect(failure.message, JSON.stringify(failure)).toBe(UNAVAILABLE);
        if (!failure.client.startsWith("page") && failure.client !== "healthz") {
          expect(failure.code).toBe("SERVICE_UNAVAILABLE");
        }
        // Fast: within the pool's connect and acquire bounds, not a hanging request.
        expect(failure.ms, JSON.stringify(failure)).toBeLessThan(5000);
      }
      // Both kinds of outage were met, on every surface: a request met it when it was on its way at
      // some moment of it (one sent just before the cut waits for it to end, and fails then).
      for (const { mode, from, to } of windows) {
        const during = failures.filter((o) => o.at <= to && o.at + o.ms >= from);
        expect(during.length, `failures during the ${mode} outage`).toBeGreaterThan(0);
        for (const client of clients) {
          expect(
            during.some((o) => o.client === client),
            `${client} met the ${mode} outage`,
          ).toBe(true);
        }
      }
      expect(shellDuringOutage).toEqual([
        { status: 200, shell: true },
        { status: 200, shell: true },
      ]);

      // Every acknowledged write is in the database, read directly and through the API.
      expect(acknowledged.length).toBeGreaterThan(20);
      const media = acknowledged.filter((o) => o.client.startsWith("media")).map((o) => o.id!);
      const services = acknowledged.filter((o) => o.client.startsWith("service")).map((o) => o.id!);
      const db = await createConnection(directUrl);
      try {
        const [mediaRows] = await db.query<Array<{ id: string } & RowDataPacket>>(
          "SELECT id FROM media WHERE id IN (?)",
          [media],
        );
        const [serviceRows] = await db.query<Array<{ id: string } & RowDataPacket>>(
          "SELECT id FROM service WHERE id IN (?)",
          [services],
        );
        expect(new Set(mediaRows.map((row) => row.id))).toEqual(new Set(media));
        expect(new Set(serviceRows.map((row) => row.id))).toEqual(new Set(services));
        const [[{ total }]] = await db.query<Array<{ total: number } & RowDataPacket>>(
          "SELECT COUNT(*) AS total FROM media",
        );
        const through = await admin.agent.graphql<{ mediaSearch: { count: number } }>(SEARCH);
        expect(through.data?.mediaSearch.count).toBe(Number(total));
        expect(Number(total)).toBeGreaterThanOrEqual(media.length);
        // Rows beyond the acknowledged ones: writes committed whose answer the outage cut off.
        console.info(
          JSON.stringify({ mediaAcknowledged: media.length, mediaStored: Number(total), services: services.length }),
        );
      } finally {
        await db.end();
      }

      // Still the same server, healthy.
      const health = await t.rest("GET", "/healthz");
      expect(health).toMatchObject({ status: 200, body: { status: "ok" } });
      expect(health.headers.get("retry-after")).toBeNull();
    }, 120_000);
  },
);
