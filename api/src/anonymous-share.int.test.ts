import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor } from "../test/agent";
import { scratchDatabase } from "../test/database";
import { buildMedia } from "../test/factories";
import { useTestPortal } from "../test/portal";
import { TcpProxy } from "../test/tcp-proxy";
import { isMysql } from "./db/column-types";
import { SESSION_COOKIE } from "./modules/auth/http-session";
import { Role } from "./modules/reference/reference.data";

const FLOOD_CLIENTS = 20;
const CARD = "id title description createdAt categories city";
/** What every limit allows an anonymous caller: 14 aliases (15 at most), each a page of results. */
const HEAVY = `query Heavy { ${Array.from(
  { length: 14 },
  (_, i) => `a${i}: mediaSearch(input: { page: ${i % 2}, pageSize: 20 }) { count results { ${CARD} } }`,
).join(" ")} }`;
const SEARCH = `query { mediaSearch(input: { page: 0, pageSize: 5 }) { count results { id } } }`;
const CLIENT_TIMEOUT_MS = 15_000;

/**
 * Issue 43: forty clients sending 14-alias searches took every connection of the pool and its whole
 * queue, so that visitors' searches and /healthz answered 503 (a load balancer would have taken
 * every instance out). Here twenty clients, each from its own address, do the same on a database
 * made slow by a proxy (each answer held 25 ms: the pool fills without much work for this machine).
 */
describe.runIf(isMysql())("no mix of anonymous queries starves the pool (MySQL/MariaDB)", () => {
  const target = new URL(process.env.DATABASE_URL ?? "mysql://127.0.0.1:3306/x");
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
  let directUrl = "";

  beforeAll(async () => {
    directUrl = (await scratchDatabase(`share_w${process.env.VITEST_POOL_ID ?? "0"}`)).databaseUrl!;
    await proxy.start();
  });
  afterAll(() => proxy.close());

  const t = useTestPortal(() => {
    const viaProxy = new URL(directUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    return { DATABASE_URL: viaProxy.toString() };
  });

  /** One request as a client at `address` (TRUST_PROXY=loopback: the test speaks as a proxy would). */
  async function ask(address: string, path: string, body?: unknown, cookie?: string) {
    const started = Date.now();
    try {
      const response = await fetch(`${t.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "x-forwarded-for": address,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const text = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        text,
        ms: Date.now() - started,
      };
    } catch {
      return { status: 0, retryAfter: null, text: "", ms: Date.now() - started };
    }
  }

  it("keeps answering visitors, signed-in accounts and /healthz under a flood of 14-alias searches", async () => {
    for (let n = 0; n < 30; n++) await buildMedia(t.portal.dataSource);
    const { agent: partner } = await actor(t, Role.FULL_PARTNER);
    const cookie = `${SESSION_COOKIE}=${partner.session}`;

    proxy.latencyMs = 25;
    const flood: Array<{ status: number; retryAfter: string | null }> = [];
    let running = true;
    const floodLoops = Array.from({ length: FLOOD_CLIENTS }, async (_, i) => {
      while (running) flood.push(await ask(`198.51.100.${i + 1}`, "/graphql", { query: HEAVY }));
    });
    const visitor: Array<{ status: number; ms: number }> = [];
    const health: Array<{ status: number; ms: number }> = [];
    const signedIn: Array<{ status: number; ms: number }> = [];
    try {
      // The flood is under way: some of its requests are answered already.
      const deadline = Date.now() + 30_000;
      while (flood.length < FLOOD_CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (let n = 0; n < 6; n++) {
        const [search, probe, account] = await Promise.all([
          ask("203.0.113.7", "/graphql", { query: SEARCH }),
          ask("203.0.113.8", "/healthz"),
          ask("203.0.113.9", "/graphql", { query: SEARCH }, cookie),
        ]);
        visitor.push(search);
        health.push(probe);
        signedIn.push(account);
      }
    } finally {
      running = false;
      await Promise.all(floodLoops);
      proxy.latencyMs = 0;
    }
    const statuses = (list: Array<{ status: number }>) => list.map((answer) => answer.status);
    const times = (list: Array<{ ms: number }>) => list.map((answer) => answer.ms);
    console.info(
      JSON.stringify({
        visitorMs: times(visitor),
        healthMs: times(health),
        signedInMs: times(signedIn),
        flood: flood.length,
      }),
    );

    // The flood went past the anonymous share: part of it was refused, 503 with Retry-After.
    const refused = flood.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.retryAfter).toBe("5");
    // Meanwhile, everyone else was served.
    expect(statuses(visitor)).toEqual(Array(6).fill(200));
    expect(statuses(signedIn)).toEqual(Array(6).fill(200));
    expect(statuses(health)).toEqual(Array(6).fill(200));
  }, 120_000);
});
