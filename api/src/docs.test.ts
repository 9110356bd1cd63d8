import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** The documents stay short, their links lead somewhere, and ARCHITECTURE.md's tree names every folder. */
const ROOT = join(__dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const lines = (path: string) => read(path).split("\n").length;
const documents = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)].filter((path) =>
  path.endsWith(".md"),
);

/** GitHub's anchor of a heading: lower case, punctuation out (but - and _), spaces as dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorsOf = (text: string) =>
  new Set([...text.replace(/```[\s\S]*?```/g, "").matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading)));

/** The relative links of a Markdown text, outside code blocks. */
export function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/**
 * The folders an annotated tree names, as paths: a line's names (before two spaces) sit under the
 * nearest less indented folder; `modules/<domain>/` stands for `modules/`.
 */
export function foldersOfTree(markdown: string): Set<string> {
  const block = /```\n([\s\S]*?)```/.exec(markdown)?.[1] ?? "";
  const folders = new Set<string>();
  const open: { indent: number; path: string }[] = [];
  for (const line of block.split("\n")) {
    const indent = line.length - line.trimStart().length;
    const names =
      line
        .trim()
        .split(/\s{2,}/)[0]
        ?.split(" ") ?? [];
    if (!names[0]) continue;
    while (open.length > 0 && open[open.length - 1].indent >= indent) open.pop();
    const parent = open[open.length - 1]?.path;
    for (const name of names.filter((n) => n.endsWith("/"))) {
      const path = [parent, ...name.split("/").filter((part) => part && !part.startsWith("<"))]
        .filter(Boolean)
        .join("/");
      folders.add(path);
      if (names.length === 1) open.push({ indent, path });
    }
  }
  return folders;
}

/** The folders directly under `parent` (tests' fixtures excepted). */
const foldersUnder = (parent: string) =>
  readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("__"))
    .map((entry) => entry.name);

describe("the documents", () => {
  it("keep the README a front door of 200 lines at most, and the decisions under 250", () => {
    expect(lines("README.md")).toBeLessThanOrEqual(200);
    expect(lines("docs/decisions.md")).toBeLessThanOrEqual(250);
  });

  it("name every configuration variable the server reads in the README's table", () => {
    const config = read("api/src/config.ts");
    const variables = new Set([
      ...[...config.matchAll(/\(env, "([A-Z][A-Z0-9_]+)"/g)].map(([, name]) => name),
      ...[...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map(([, name]) => name),
    ]);
    expect(variables.size).toBeGreaterThan(30);
    const table = read("README.md")
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|")[1]);
    const documented = new Set(table.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, n]) => n)));
    expect([...variables].filter((name) => !documented.has(name))).toEqual([]);
  });

  it.each(documents)("%s links only to files and headings that exist", (path) => {
    const text = read(path);
    const broken = relativeLinks(text).filter((target) => {
      const [file, anchor] = target.split("#");
      const absolute = file ? resolve(dirname(join(ROOT, path)), file) : join(ROOT, path);
      if (!existsSync(absolute)) return true;
      if (!anchor || !absolute.endsWith(".md")) return false;
      return !anchorsOf(readFileSync(absolute, "utf8")).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it("describe in ARCHITECTURE.md's tree every folder of the API and of the web", () => {
    const architecture = read("docs/ARCHITECTURE.md");
    const described = foldersOfTree(architecture.slice(architecture.indexOf("## Annotated tree")));
    const parents = ["api/src", "api/src/modules", "api/src/http", "web/src", "web/src/modules"];
    const missing = parents.flatMap((parent) =>
      foldersUnder(parent)
        .map((name) => `${parent}/${name}`)
        .filter((path) => !described.has(path)),
    );
    expect(missing).toEqual([]);
  });
});

describe("the helpers of the documents test", () => {
  it("find a heading's anchor as GitHub writes it", () => {
    expect(anchorOf("Client addresses and `TRUST_PROXY`")).toBe("client-addresses-and-trust_proxy");
    expect(anchorOf("Accessibility (RGAA 4.1, WCAG 2.1 AA)")).toBe("accessibility-rgaa-41-wcag-21-aa");
  });

  it("read the folders of an annotated tree by their indentation", () => {
    const tree =
      "```\napi/  server\n  src/\n    modules/<domain>/  one per domain\n      auth/  sign-in\n    geo/ maps/  places\n```";
    expect([...foldersOfTree(tree)]).toEqual([
      "api",
      "api/src",
      "api/src/modules",
      "api/src/modules/auth",
      "api/src/geo",
      "api/src/maps",
    ]);
  });

  it("read the relative links of a text and leave out code and outside addresses", () => {
    const text = "[a](docs/a.md) [b](https://example.org) `[c](c.md)`\n```\n[d](d.md)\n```\n[e](#here)";
    expect(relativeLinks(text)).toEqual(["docs/a.md", "#here"]);
  });
});
