import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "../bin/server-flags.mjs";

const root = join(__dirname, "..", "..");

/** The node flags before `api/dist/server.js` in the Dockerfile's CMD (a JSON array). */
function dockerFlags(): string[] {
  const cmd = readFileSync(join(root, "docker", "Dockerfile"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("CMD ["))
    .at(-1);
  if (!cmd) throw new Error("Dockerfile sans CMD");
  const words = JSON.parse(cmd.slice("CMD ".length)) as string[];
  expect(words[0]).toBe("node");
  expect(words.at(-1)).toBe("api/dist/server.js");
  return words.slice(1, -1);
}

/** The portal runs with the same node flags however it is started: npm start, the image, the bench. */
describe("the server's start command", () => {
  it("gives V8 a young generation sized for request garbage", () => {
    expect(serverNodeFlags()).toContain("--max-semi-space-size=32");
  });

  it("is the same in the Dockerfile as in npm start", () => {
    expect(dockerFlags()).toEqual(serverNodeFlags());
  });
});
