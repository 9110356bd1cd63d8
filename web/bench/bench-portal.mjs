// What the web benches share: the built portal started as `npm start` starts it, on a scratch
// SQLite database with the demo content, and the public pages they visit.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverNodeFlags } from "../../api/bin/server-flags.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error("no port"))));
    });
  });

/**
 * Starts `api/dist/server.js` (NODE_ENV=production) on a scratch SQLite database with the demo
 * content; `env` adds to its environment (`WEB_DIST`: another web build).
 */
export async function startPortal(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portail-bench-web-"));
  const child = spawn(process.execPath, [...serverNodeFlags(), "api/dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      DEMO_CONTENT: "true",
      GEOCODE_TOWNS: "false",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the portal stopped while starting");
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("the portal did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function graphql(url, query, variables) {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const firstMedia = async (url, categories) => {
  const { mediaSearch } = await graphql(
    url,
    `
      query ($input: MediaSearchInput!) {
        mediaSearch(input: $input) {
          results {
            id
          }
        }
      }
    `,
    { input: { categories, pageSize: 1 } },
  );
  if (!mediaSearch.results[0]) throw new Error(`the demo content has no ${categories.join(", ")}`);
  return mediaSearch.results[0].id;
};

/** The ids of one demo event, one resource and one service sheet. */
export async function demoIds(url) {
  const { services } = await graphql(
    url,
    `
      query ($input: ServiceSearchInput!) {
        services(input: $input) {
          results {
            id
          }
        }
      }
    `,
    { input: { pageSize: 1 } },
  );
  if (!services.results[0]) throw new Error("the demo content has no service sheet");
  return {
    event: await firstMedia(url, ["EVENT"]),
    resource: await firstMedia(url, ["RESOURCE"]),
    sheet: services.results[0].id,
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
