import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDatabase } from "../test/database";
import { useTestPortal } from "../test/portal";

const API_DIR = join(__dirname, "..");
const SEARCH = JSON.stringify({ query: "{ mediaSearch(input: { pageSize: 5 }) { count } }" });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Instance {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; at: number }>;
}

/** The portal as its own process (`node src/server.ts`), as an operator runs it. */
async function startProcess(name: string): Promise<Instance> {
  const port = await freePort();
  const { databaseUrl, dataDir } = await scratchDatabase(`stop_${name}`);
  const child = spawn(process.execPath, ["-r", "@swc-node/register", "src/server.ts"], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "a secret for the shutdown test, 0123456789",
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir ?? mkdtempSync(join(tmpdir(), "portail-stop-")),
      PORT: String(port),
      DEMO_CONTENT: "false",
      GEOCODE_TOWNS: "false",
      API_RATE_LIMIT: "1000000",
      BASEMAP_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
      SHUTDOWN_TIMEOUT_SECONDS: "4",
      SHUTDOWN_DRAIN_SECONDS: "1",
      // The API alone: what is stopped is the same with or without the web build.
      WEB_DIST: join(tmpdir(), "no-web-build"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  for (let tries = 0; ; tries++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (tries > 240 || child.exitCode !== null) throw new Error("the portal did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port, exited };
}

/**
 * A GraphQL search whose body arrives in two halves, `gapMs` apart (a phone on a slow network):
 * `sent` resolves once the first half is on the wire; `answer` with the status and body.
 */
function slowSearch(port: number, secondHalf: Promise<void>) {
  let markSent: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/graphql",
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(SEARCH) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const half = Math.floor(SEARCH.length / 2);
    req.write(SEARCH.slice(0, half), () => markSent());
    void secondHalf.then(() => req.end(SEARCH.slice(half)));
  });
  return { sent, answer };
}

describe("stopping an instance (SIGTERM)", () => {
  it("answers every request started before the signal, takes no new one, and exits 0", async () => {
    const instance = await startProcess("burst");
    let release: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    // Twenty requests in flight: half still sending their body, half complete.
    const slow = Array.from({ length: 10 }, () => slowSearch(instance.port, later));
    const complete = Array.from({ length: 10 }, () => slowSearch(instance.port, Promise.resolve()));
    await Promise.all([...slow, ...complete].map((search) => search.sent));

    const signalled = Date.now();
    instance.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // At once, /healthz tells the load balancer to send nothing more…
    const health = await fetch(`http://127.0.0.1:${instance.port}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("connection")).toBe("close");
    // … and after SHUTDOWN_DRAIN_SECONDS a new connection is no longer taken.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await expect(fetch(`http://127.0.0.1:${instance.port}/healthz`)).rejects.toThrow();
    release!();

    const answers = await Promise.all([...slow, ...complete].map((search) => search.answer));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ data: { mediaSearch: { count: 0 } } });
    }
    const { code, at } = await instance.exited;
    expect(code).toBe(0);
    // Drain (1 s) and the answers: well within SHUTDOWN_TIMEOUT_SECONDS.
    expect(at - signalled).toBeLessThan(4000);
  }, 90_000);

  it("cuts what is still unfinished after SHUTDOWN_TIMEOUT_SECONDS, and still exits 0", async () => {
    const instance = await startProcess("stalled");
    // A request whose body never ends.
    const stalled = slowSearch(instance.port, new Promise(() => undefined));
    await stalled.sent;
    const signalled = Date.now();
    instance.child.kill("SIGTERM");
    await expect(stalled.answer).rejects.toThrow();
    const { code, at } = await instance.exited;
    expect(code).toBe(0);
    // Drain (1 s), then SHUTDOWN_TIMEOUT_SECONDS (4 s) for what is in flight, then the cut.
    expect(at - signalled).toBeGreaterThanOrEqual(4900);
    expect(at - signalled).toBeLessThan(9000);
  }, 90_000);
});

describe("a draining instance", () => {
  const t = useTestPortal();

  it("answers /healthz with 503 and closes each connection after its answer", async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    t.portal.lifecycle.draining = true;
    try {
      const health = await fetch(`${t.url}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBeTruthy();
      expect(await health.json()).toMatchObject({ status: "draining" });
      const search = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: SEARCH,
      });
      expect(search.status).toBe(200);
      expect(search.headers.get("connection")).toBe("close");
    } finally {
      t.portal.lifecycle.draining = false;
    }
  });
});
