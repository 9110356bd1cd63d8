import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/** The part of madge's API used here (the package ships no types). */
interface MadgeResult {
  obj(): Record<string, string[]>;
  circular(): string[][];
}
type Madge = (path: string, config: Record<string, unknown>) => Promise<MadgeResult>;

const madge = createRequire(__filename)("madge") as Madge;
const SOURCE = __dirname;

/** The modules written once for the server and the web (api/src/shared). */
const SHARED_MODULES = [
  "shared/rules.ts",
  "shared/form-rules.ts",
  "shared/search-words.ts",
  "shared/search-limits.ts",
  "shared/text-keys.ts",
  "shared/article-rules.ts",
  "shared/upload-rules.ts",
  "shared/sheet-rules.ts",
  "shared/hours-rules.ts",
];

/**
 * The shape of the server's code, checked on its import graph (every import,
 * type-only ones included): no circle, an HTTP edge nothing but the start-up
 * imports, policies that depend on nothing but the data they judge, and one
 * module that reads the town table.
 */
describe("api/src import graph", () => {
  let graph: Record<string, string[]>;
  let circles: string[][];

  beforeAll(async () => {
    const result = await madge(SOURCE, {
      fileExtensions: ["ts"],
      tsConfig: join(SOURCE, "..", "tsconfig.json"),
      excludeRegExp: [/\.test\.ts$/, /^scripts\//],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    graph = result.obj();
    circles = result.circular();
  }, 60_000);

  it("reads the whole source tree", () => {
    // A broken configuration would find nothing, and then no circle either.
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    expect(graph["http/app.ts"]).toContain("container.ts");
  });

  it("has no import circle", () => {
    expect(circles.map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("keeps the HTTP edge at the edge: only the start-up sequence imports it", () => {
    // Test helpers (../test/, reached from the suites) may call the edge's own functions.
    const inside = (file: string) => file.startsWith("http/") || file.startsWith("../");
    const callers = Object.entries(graph)
      .filter(([file, imports]) => !inside(file) && imports.some((target) => target.startsWith("http/")))
      .map(([file]) => file);
    expect(callers).toEqual(["portal.ts"]);
  });

  it("keeps policies free of services, resolvers and the database", () => {
    const allowed = [
      /^policies\//,
      /^shared\//,
      /^errors\.ts$/,
      /^modules\/reference\/reference\.data\.ts$/,
      /^modules\/users\/user\.entity\.ts$/,
    ];
    const outside = Object.entries(graph)
      .filter(([file]) => file.startsWith("policies/"))
      .flatMap(([file, imports]) =>
        imports.filter((target) => !allowed.some((rule) => rule.test(target))).map((target) => `${file} → ${target}`),
      );
    expect(outside).toEqual([]);
  });

  it("lets seo/ ask the policies what anyone may read", () => {
    // The sitemap and the cards list public items only: which ones is the policies' to say.
    expect(graph["modules/seo/sitemap.ts"]).toEqual(
      expect.arrayContaining(["policies/media.policy.ts", "policies/sheet.policy.ts"]),
    );
    expect(graph["modules/seo/cards.ts"]).toEqual(
      expect.arrayContaining(["policies/media.policy.ts", "policies/sheet.policy.ts"]),
    );
    const restated = Object.keys(graph)
      .filter((file) => file.startsWith("modules/seo/"))
      .filter((file) => /\b(published|restricted)\b/.test(readFileSync(join(SOURCE, file), "utf8")));
    expect(restated).toEqual([]);
  });

  it("leaves the town table to the geo module", () => {
    const readers = Object.entries(graph)
      .filter(([, imports]) => imports.includes("modules/geo/town.entity.ts"))
      .map(([file]) => file)
      .filter((file) => !file.startsWith("modules/geo/") && file !== "db/entities.ts");
    expect(readers).toEqual([]);
  });

  it("keeps the modules shared with the web free of imports from outside shared/", () => {
    const shared = Object.keys(graph).filter((file) => file.startsWith("shared/"));
    // The web imports these through web/src/rules.ts and web/src/form-rules.ts (or directly).
    expect(shared).toEqual(expect.arrayContaining(SHARED_MODULES));
    const outside = shared.flatMap((file) =>
      graph[file].filter((target) => !target.startsWith("shared/")).map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
    expect(graph["shared/rules.ts"]).toEqual([]);
    expect(graph["shared/form-rules.ts"]).toEqual([]);
  });
});
