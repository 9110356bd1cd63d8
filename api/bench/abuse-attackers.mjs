// The attackers of abuse-load.mjs, in a thread of their own: their answers (hundreds of kilobytes,
// dozens a second) are read there, so that the visitor's and the probe's timings, taken on the
// main thread, are not slowed by the load generator's own work.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { origin, clients, body, durationMs, timeoutMs } = workerData;
const payload = JSON.stringify(body);
const statuses = {};
let answers = 0;
let running = true;
setTimeout(() => (running = false), durationMs);

/** One request from `localAddress`: its status, told apart when a 200 carries errors (some aliases failed). */
function send(localAddress, agent) {
  return new Promise((resolve) => {
    const request = http.request(
      `${origin}/graphql`,
      { method: "POST", agent, localAddress, timeout: timeoutMs, headers: { "content-type": "application/json" } },
      (response) => {
        let head = "";
        response.on("data", (chunk) => {
          // Apollo writes `errors` before `data`: the first bytes tell.
          if (head.length < 64) head += chunk.toString("utf8", 0, 64);
        });
        response.on("end", () => {
          const withErrors = response.statusCode === 200 && head.startsWith('{"errors"');
          resolve(withErrors ? "200 avec erreurs" : String(response.statusCode));
        });
        response.on("error", () => resolve("sans réponse"));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve("sans réponse"));
    request.end(payload);
  });
}

await Promise.all(
  Array.from({ length: clients }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const status = await send(`127.0.1.${i + 1}`, agent);
      statuses[status] = (statuses[status] ?? 0) + 1;
      answers++;
    }
    agent.destroy();
  }),
);
parentPort.postMessage({ answers, statuses });
