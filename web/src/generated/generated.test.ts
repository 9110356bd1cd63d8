import { generate, loadCodegenConfig } from "@graphql-codegen/cli";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..", "..");

describe("web/src/generated", () => {
  it("is what codegen produces from the committed schema (run `npm run codegen`)", async () => {
    const { config } = await loadCodegenConfig({ configFilePath: join(ROOT, "codegen.yml") });
    const outputs = await generate({ ...config, cwd: ROOT, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const committed = readFileSync(join(ROOT, output.filename), "utf8");
      expect(output.content, output.filename).toBe(committed);
    }
  }, 30_000);
});
