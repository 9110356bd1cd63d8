import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [path] : [];
  });

describe("parts loaded on demand", () => {
  it("go through lazyLoad, so that a part a phone failed to fetch offline is fetched again once online", () => {
    const direct = sources(SRC)
      .filter((file) => relative(SRC, file) !== join("ui", "lazy-load.ts"))
      .filter((file) => /(?<![\w.])lazy\(|React\.lazy\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(direct).toEqual([]);
  });

  it("are shown through LazyPart (pages: the layout's boundary), so that a part that failed leaves the page in place", () => {
    const bare = sources(SRC)
      .filter(
        (file) => ![join("ui", "LazyPart.tsx"), join("modules", "layout", "Layout.tsx")].includes(relative(SRC, file)),
      )
      .filter((file) => /<Suspense\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(bare).toEqual([]);
  });
});
