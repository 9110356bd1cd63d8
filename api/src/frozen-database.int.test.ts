import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor } from "../test/agent";
import { scratchDatabase } from "../test/database";
import { useTestPortal } from "../test/portal";
import { standInWebBuild } from "../test/stand-in-web-build";
import { TcpProxy } from "../test/tcp-proxy";
import { isMysql } from "./db/column-types";
import { ACQUIRE_TIMEOUT_MS } from "./db/data-source";
import { UNANSWERED_MARGIN_MS } from "./db/pool-guard";
import { DATABASE_UNAVAILABLE_MESSAGE } from "./errors";
import { SESSION_COOKIE } from "./modules/auth/http-session";
import { Role } from "./modules/reference/reference.data";

const LIMIT_MS = 1000;
/** The longest a request may take to fail: a statement sent (limit + margin), or a wait for a connection. */
const REQUEST_BOUND_MS = Math.max(LIMIT_MS + UNANSWERED_MARGIN_MS, ACQUIRE_TIMEOUT_MS);
/** Room for a loaded machine on top of the portal's own bounds. */
const SLACK_MS = 1500;
/** What a client waits at most (a request that hangs is answered "status 0"). */
const CLIENT_TIMEOUT_MS = 15_000;

const SEARCH = `query { mediaSearch(input: { page: 0, pageSize: 5 }) { count } }`;

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
  ms: number;
}

const useMysql = isMysql(process.env.DATABASE_URL);

describe.skipIf(!useMysql)("a frozen database (MySQL/MariaDB: the server stops answering, its sockets open)", () => {
  const target = new URL(process.env.DATABASE_URL ?? "mysql://127.0.0.1:3306/x");
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
  let directUrl = "";
  let webDist = "";

  beforeAll(async () => {
    directUrl = (await scratchDatabase(`frozen_w${process.env.VITEST_POOL_ID ?? "0"}`)).databaseUrl!;
    await proxy.start();
    webDist = standInWebBuild();
  });
  afterAll(async () => {
    proxy.thaw();
    await proxy.close();
    if (webDist) rmSync(dirname(webDist), { recursive: true, force: true });
  });

  // The portal reaches its database through the proxy only.
  const t = useTestPortal(() => {
    const viaProxy = new URL(directUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    return { DATABASE_URL: viaProxy.toString(), WEB_DIST: webDist, DATABASE_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) };
  });

  /** One request, timed, with a client bound of its own (a hung request is status 0). */
  async function ask(path: string, init: { body?: unknown; cookie?: string; accept?: string } = {}): Promise<Answer> {
    const started = Date.now();
    try {
      const response = await fetch(`${t.url}${path}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers: {
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          accept: init.accept ?? "application/json",
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
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

  it("answers 503 with Retry-After within its limits on every surface, and recovers by itself", async () => {
    const { agent: partner } = await actor(t, Role.FULL_PARTNER);
    const cookie = `${SESSION_COOKIE}=${partner.session}`;
    const surfaces: Record<string, () => Promise<Answer>> = {
      graphql: () => ask("/graphql", { body: { query: SEARCH } }),
      rest: () => ask("/api/media/search", { body: { page: 0, pageSize: 5 } }),
      page: () => ask("/", { accept: "text/html" }),
      signedIn: () => ask("/graphql", { body: { query: `{ currentUser { id } }` }, cookie }),
      healthz: () => ask("/healthz"),
    };
    const askAll = async () => {
      const names = Object.keys(surfaces);
      const answers = await Promise.all(names.map((name) => surfaces[name]()));
      return Object.fromEntries(names.map((name, i) => [name, answers[i]]));
    };

    // Every surface answers, and the pool holds open connections.
    for (const [name, answer] of Object.entries(await askAll())) expect(answer.status, name).toBe(200);
    // The portal's start-up pass of the jobs runs in the background: on a loaded machine it was
    // still under way here, and the pass asked below was that one, which had run a job before
    // the freeze. It ends first (its timer stopped); the pass below is the test's own.
    await t.portal.services.jobs.stop();

    proxy.freeze();
    let jobs: { ms: number; ran: string[] } | "hung";
    let publication: { ms: number; failed: boolean } | "hung";
    let during: Record<string, Answer>;
    try {
      during = await askAll();
      for (const [name, answer] of Object.entries(during)) {
        expect({ name, status: answer.status, retryAfter: answer.retryAfter }).toEqual({
          name,
          status: 503,
          retryAfter: "5",
        });
        if (name === "healthz") {
          expect(JSON.parse(answer.text).message).toBe("La base de données ne répond pas.");
          // A load balancer waits about 3 s.
          expect(answer.ms).toBeLessThan(3000);
        } else {
          expect(answer.text, name).toContain(DATABASE_UNAVAILABLE_MESSAGE);
          expect(answer.ms, name).toBeLessThan(REQUEST_BOUND_MS + SLACK_MS);
        }
      }
      // Background work fails fast too, one pass at a time: nothing piles up behind a frozen server.
      const { services } = t.portal;
      const pass = services.jobs.runDue();
      expect(services.jobs.runDue()).toBe(pass);
      const published = services.publication.run();
      expect(services.publication.run()).toBe(published);
      const within = <T>(run: Promise<T>) =>
        Promise.race([run, new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), CLIENT_TIMEOUT_MS))]);
      const started = Date.now();
      [jobs, publication] = await Promise.all([
        within(pass.then((ran) => ({ ms: Date.now() - started, ran }))),
        within(
          published.then(
            () => ({ ms: Date.now() - started, failed: false }),
            () => ({ ms: Date.now() - started, failed: true }),
          ),
        ),
      ]);
    } finally {
      proxy.thaw();
    }
    console.info(
      JSON.stringify({
        frozenMs: Object.fromEntries(Object.entries(during).map(([name, a]) => [name, a.ms])),
        jobs,
        publication,
      }),
    );
    // Three jobs, each failing at its first statement.
    expect(jobs).toMatchObject({ ran: [] });
    expect((jobs as { ms: number }).ms).toBeLessThan(3 * REQUEST_BOUND_MS + SLACK_MS);
    expect(publication).toMatchObject({ failed: true });
    expect((publication as { ms: number }).ms).toBeLessThan(REQUEST_BOUND_MS + SLACK_MS);

    // No restart: every surface answers again by itself.
    const deadline = Date.now() + 20_000;
    let after = await askAll();
    while (Object.values(after).some((answer) => answer.status !== 200) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await askAll();
    }
    for (const [name, answer] of Object.entries(after)) expect(answer.status, name).toBe(200);
    // The pool is whole again: no connection left stuck behind an unanswered statement.
    const load = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? surfaces.signedIn() : surfaces.graphql())),
    );
    for (const answer of load) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(REQUEST_BOUND_MS);
    }
  }, 120_000);
});
