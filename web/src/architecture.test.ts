import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/** The part of madge's API used here (the package ships no types). */
interface MadgeResult {
  obj(): Record<string, string[]>;
  circular(): string[][];
}
type Madge = (path: string, config: Record<string, unknown>) => Promise<MadgeResult>;

const madge = createRequire(import.meta.url)("madge") as Madge;
const SOURCE = import.meta.dirname;

/**
 * The shape of the client's code, checked on its import graph (every import, type-only and
 * dynamic ones included): no circle, each page on its own (what two pages share lives in
 * modules/ or ui/), and shared components that know nothing of the portal's domains.
 */
describe("web/src import graph", () => {
  let graph: Record<string, string[]>;
  let circles: string[][];

  beforeAll(async () => {
    const result = await madge(SOURCE, {
      fileExtensions: ["ts", "tsx"],
      tsConfig: join(SOURCE, "..", "tsconfig.json"),
      excludeRegExp: [/\.test\.tsx?$/],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    graph = result.obj();
    circles = result.circular();
  }, 60_000);

  /** Each import of a file matching `from` that reaches a file matching `to`, as « a → b ». */
  const importsBetween = (from: RegExp, to: RegExp) =>
    Object.entries(graph)
      .filter(([file]) => from.test(file))
      .flatMap(([file, imports]) => imports.filter((target) => to.test(target)).map((target) => `${file} → ${target}`));

  it("reads the whole source tree", () => {
    // A broken configuration would find nothing, and then no circle either.
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    expect(graph["pages/UsersAdminPage.tsx"]).toContain("modules/users/useUsersAdmin.ts");
    // Dynamic imports are edges too (the lazily loaded parts).
    expect(graph["ui/toaster.tsx"]).toContain("ui/ToasterView.tsx");
  });

  it("has no import circle", () => {
    expect(circles.map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("keeps each page to itself: no page imports another", () => {
    expect(importsBetween(/^pages\//, /^pages\//)).toEqual([]);
  });

  it("keeps the shared components free of the portal's domains and pages", () => {
    expect(importsBetween(/^ui\//, /^(modules|pages)\//)).toEqual([]);
  });
});
