import { createConnection } from "mysql2/promise";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor, type Agent, newAgent } from "../test/agent";
import { scratchDatabase } from "../test/database";
import { mediaInput } from "../test/media";
import { type TestPortal } from "../test/portal";
import { TcpProxy } from "../test/tcp-proxy";
import { loadConfig } from "./config";
import { isMysql } from "./db/column-types";
import { openDatabase } from "./db/data-source";
import { Role } from "./modules/reference/reference.data";
import { type RunningPortal, startPortal } from "./portal";

/** The tables a replica follows (everything the portal reads). */
const TABLES = ["users", "media", "media_facet", "service", "service_facet", "town", "uploaded_file"];

const CREATE_MEDIA = `mutation ($input: MediaInput!) { createMedia(input: $input) { id } }`;
const SEARCH = `query ($q: String) { mediaSearch(input: { textQuery: $q }) { count results { id } } }`;
const DETAIL = `query ($id: ID!) { media(id: $id) { title } }`;

/**
 * DATABASE_READ_URL: the portal runs on a primary and a replica, two databases of one MariaDB
 * server that this test keeps in step itself (a copy of the tables), so that what each request
 * read tells where it read it.
 */
describe.runIf(isMysql())("reads from a replica (DATABASE_READ_URL)", () => {
  let portal: RunningPortal;
  let primary: string;
  let replica: string;
  const t = {} as TestPortal;
  // The portal reaches the replica through a proxy the test can cut (the replica's server "stops").
  const server = new URL(process.env.DATABASE_URL ?? "mysql://127.0.0.1:3306/x");
  const toReplica = new TcpProxy({ host: server.hostname, port: Number(server.port || 3306) });

  /** The replica catches up with the primary (replication, done here by copying). */
  const catchUp = async () => {
    const connection = await createConnection({ uri: primary });
    try {
      const [source, target] = [new URL(primary), new URL(replica)].map((url) => url.pathname.slice(1));
      await connection.query("SET FOREIGN_KEY_CHECKS = 0");
      for (const table of TABLES) {
        await connection.query(`DELETE FROM \`${target}\`.\`${table}\``);
        await connection.query(`INSERT INTO \`${target}\`.\`${table}\` SELECT * FROM \`${source}\`.\`${table}\``);
      }
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    primary = (await scratchDatabase("primary")).databaseUrl!;
    replica = (await scratchDatabase("replica")).databaseUrl!;
    // The replica has the primary's schema (replication would bring it).
    await (await openDatabase({ databaseUrl: replica, dataDir: tmpdir() })).destroy();
    await toReplica.start();
    const throughProxy = new URL(replica);
    throughProxy.host = `127.0.0.1:${toReplica.port}`;
    portal = await startPortal(
      loadConfig({
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: mkdtempSync(join(tmpdir(), "portail-replica-")),
        DEMO_CONTENT: "false",
        GEOCODE_TOWNS: "false",
        API_RATE_LIMIT: "1000000",
        DATABASE_URL: primary,
        DATABASE_READ_URL: throughProxy.toString(),
      }),
    );
    Object.assign(t, { url: portal.url, portal });
    await catchUp();
  });
  afterAll(async () => {
    await portal?.close();
    await toReplica.close();
  });

  const visitor = () => newAgent(t);
  const found = async (agent: Agent, q: string) =>
    ((await agent.graphql(SEARCH, { q })).data!.mediaSearch.results as Array<{ id: string }>).map((m) => m.id);

  it("reads visitors' searches and pages from the replica, and what a partner writes and reads from the primary", async () => {
    const { agent: partner } = await actor(t, Role.NEWS_PARTNER);
    const created = await partner.graphql(CREATE_MEDIA, { input: mediaInput({ title: "Bourse aux vêtements" }) });
    expect(created.errors).toBeUndefined();
    const id = created.data.createMedia.id as string;

    // The partner, who just wrote it, reads it at once: from the primary.
    expect(await found(partner, "bourse")).toEqual([id]);
    expect((await partner.graphql(DETAIL, { id })).data).toEqual({ media: { title: "Bourse aux vêtements" } });

    // A visitor reads the replica, which has not caught up yet.
    expect(await found(visitor(), "bourse")).toEqual([]);
    expect((await visitor().graphql(DETAIL, { id })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await visitor().rest("GET", `/api/media/current/${id}`)).status).toBe(404);

    await catchUp();
    expect(await found(visitor(), "bourse")).toEqual([id]);
    expect((await visitor().rest("GET", `/api/media/current/${id}`)).body).toMatchObject({
      title: "Bourse aux vêtements",
    });
  });

  it("reads the services directory of visitors from the replica too", async () => {
    const { agent: admin } = await actor(t, Role.ADMIN);
    const owner = await actor(t, Role.FULL_PARTNER);
    const created = await admin.graphql(
      `mutation ($ownerId: ID!, $input: ServiceInput!) { createService(ownerId: $ownerId, input: $input) { id } }`,
      {
        ownerId: owner.user!.id,
        input: {
          serviceName: "Ludothèque du Gave",
          serviceManager: "Mme Laborde",
          email: "ludo@example.org",
          phone: "05 59 11 22 33",
          fullAddress: "3 rue du Gave 64000 Pau",
          city: "Pau",
          zip: "64000",
          types: ["TOY_LIBRARY"],
          ages: ["ENFANCE"],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const query = `{ services(input: { textQuery: "ludothèque gave" }) { count } }`;
    expect((await admin.graphql(query)).data.services.count).toBe(1);
    expect((await visitor().graphql(query)).data!.services.count).toBe(0);
    await catchUp();
    expect((await visitor().graphql(query)).data!.services.count).toBe(1);
  });

  it("reads visitors' searches from the primary while the replica is out of reach, and from the replica again after", async () => {
    const { agent: partner } = await actor(t, Role.NEWS_PARTNER);
    const created = await partner.graphql(CREATE_MEDIA, { input: mediaInput({ title: "Café des parents" }) });
    const id = created.data.createMedia.id as string;
    expect(await found(visitor(), "cafe")).toEqual([]);
    await toReplica.cut("refuse");
    try {
      // The primary answers (it has the article the replica lacks), and the page too.
      expect(await found(visitor(), "cafe")).toEqual([id]);
      expect((await visitor().graphql(DETAIL, { id })).data).toEqual({ media: { title: "Café des parents" } });
    } finally {
      await toReplica.restore();
    }
    await expect.poll(() => found(visitor(), "cafe"), { timeout: 10_000 }).toEqual([]);
  });
});

describe("DATABASE_READ_URL", () => {
  it("is refused without a MySQL primary, in French", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "mysql://lecteur@replique:3306/portail" })).toThrow(
      /DATABASE_READ_URL demande DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: "mysql://root@localhost/portail", DATABASE_READ_URL: "postgres://x/y" }),
    ).toThrow(/DATABASE_READ_URL doit être une URL mysql/);
  });
});
