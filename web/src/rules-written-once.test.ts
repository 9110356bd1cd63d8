import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every rule the server and the web both check is written once, in api/src/shared, and the web
 * imports it. This test reads what the server says (the messages and limits exported by
 * api/src/shared, the messages of its inputs' decorators and of the errors it throws) and fails
 * when a web module (web/src, generated code and tests aside) writes one of them as a literal.
 */

const WEB = join(import.meta.dirname);
const API = join(import.meta.dirname, "..", "..", "api", "src");

const filesUnder = (folder: string, keep: (path: string) => boolean): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });

const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/\.suite\.ts$/.test(path);

/** Long enough to be a sentence of the server's, not a word any text may hold. */
const MIN_MESSAGE = 15;
/** A placeholder the message functions are called with; what surrounds it is their fixed text. */
const HOLE = "\u0000";

/** The fixed pieces of a text with holes (a template's `${…}`, a function's argument). */
const pieces = (text: string, hole: RegExp | string): string[] =>
  text
    .split(hole)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= MIN_MESSAGE && /\p{L}{3,} \p{L}/u.test(piece));

interface Rules {
  messages: Map<string, string>;
  /** Each limit's value, and the names it is exported under. */
  limits: Map<number, string[]>;
}

/** The limits worth looking for: whole numbers of 2 or more. */
const isLimit = (value: number) => Number.isInteger(value) && value >= 2;
/**
 * Below this, a number is common enough (a date's `.slice(0, 10)`, four cards) that a web literal
 * is the server's limit only when its name says so too (MAX_FILES and MAX_ARTICLE_FILES).
 */
const COMMON_BELOW = 20;
const GENERIC_WORDS = new Set(["max", "min", "limit", "limits", "length", "size", "per", "day", "count"]);
/** The words of a name: « MAX_ARTICLE_FILES » and « maxArticleFiles » → article, files. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word && !GENERIC_WORDS.has(word));

/** What api/src/shared exports: messages (strings, and message functions' fixed text) and limits. */
async function sharedRules(rules: Rules): Promise<void> {
  const files = filesUnder(join(API, "shared"), isSource);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const exports = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const where = `api/src/${relative(API, file)}`;
    const visit = (value: unknown, name: string, limitsObject: boolean) => {
      if (typeof value === "string")
        for (const piece of pieces(value, HOLE)) rules.messages.set(piece, `${where} ${name}`);
      else if (typeof value === "number") {
        const named =
          limitsObject || /(^|_)(MAX|MIN|LIMITS?)(_|$)|_(MAX|MIN|SIZE|LENGTH|DAYS|MONTHS|BYTES|FILES)$/.test(name);
        if (named && isLimit(value)) rules.limits.set(value, [...(rules.limits.get(value) ?? []), `${where} ${name}`]);
      } else if (typeof value === "function" && value.length >= 1 && /^[A-Z_]+$|MESSAGES/.test(name.split(".")[0]!)) {
        // A message function (HOURS_MESSAGES.overlap): called with holes, its fixed text is a message.
        const text: unknown = (value as (...args: string[]) => unknown)(
          ...Array.from({ length: value.length }, () => HOLE),
        );
        visit(text, name, false);
      } else if (value && typeof value === "object" && !(value instanceof RegExp) && !(value instanceof Set)) {
        for (const [key, inner] of Object.entries(value))
          visit(inner, `${name}.${key}`, limitsObject || /LIMITS/.test(name));
      }
    };
    for (const [name, value] of Object.entries(exports)) visit(value, name, false);
  }
}

/**
 * The messages the server's other modules write (its inputs' decorators, the errors it throws,
 * its answers): string literals given as `message:`, to an error or to `message(…)`, or exported
 * as a constant, read from the source text.
 */
function serverMessages(rules: Rules): void {
  const literal = String.raw`"((?:[^"\\]|\\.)*)"|\x60((?:[^\x60\\]|\\.)*)\x60`;
  const said = new RegExp(
    String.raw`(?:message:\s*|message\(\s*|(?:invalid|refuse)\([^"\x60)]*?|Error\(\s*|export const [A-Z][A-Z_]*\s*=\s*)(?:${literal})`,
    "g",
  );
  const files = ["modules", "policies", "http"].flatMap((folder) => filesUnder(join(API, folder), isSource));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(said)) {
      const message = (match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1");
      for (const piece of pieces(message, /\$\{[^}]*\}/)) rules.messages.set(piece, `api/src/${relative(API, file)}`);
    }
  }
}

/** Where a web module writes a number as a limit: a MAX_/…_LIMIT constant, a maxLength, a text cut to a length. */
const LIMIT_LITERAL =
  /(?:\b(?:const|let)\s+(\w*(?:max|min|limit|size)\w*)\s*=\s*|maxLength\s*[=:]\s*\{?\s*|\.slice\(0,\s*)([\d_]+)(?![\d_.])/gi;

/** A source without its comments' lines (they may quote a message to explain it). */
const withoutComments = (text: string) =>
  text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join("\n");

describe("rules written once", () => {
  it("finds no message or limit of the server's written as a literal in a web module", async () => {
    const rules: Rules = { messages: new Map(), limits: new Map() };
    await sharedRules(rules);
    serverMessages(rules);
    // The collection works: known messages and limits of both kinds are found.
    expect(rules.messages.has("Choisissez au moins une tranche d'âge.")).toBe(true);
    expect(rules.messages.has("Le lien d'inscription doit être une adresse http(s).")).toBe(true);
    expect(rules.messages.has(": l'heure de fin doit être après l'heure de début.")).toBe(true);
    // …and those the server's modules write themselves (a decorator's template, an answer).
    expect(rules.messages.has("Le rayon doit être compris entre 0,1 et")).toBe(true);
    expect(rules.messages.has("Votre mot de passe est enregistré.")).toBe(true);
    expect([...rules.limits.keys()]).toEqual(expect.arrayContaining([250, 366, 10 * 1024 * 1024]));

    const found: string[] = [];
    for (const file of filesUnder(WEB, isSource)) {
      const text = withoutComments(readFileSync(file, "utf8"));
      const where = `web/src/${relative(WEB, file)}`;
      for (const [message, source] of rules.messages) {
        if (text.includes(message)) found.push(`${where} writes « ${message} » (${source})`);
      }
      for (const match of text.matchAll(LIMIT_LITERAL)) {
        const value = Number(match[2]!.replace(/_/g, ""));
        const words = nameWords(match[1] ?? "");
        const sources = (rules.limits.get(value) ?? []).filter(
          (source) => value >= COMMON_BELOW || nameWords(source.split(" ")[1]!).some((word) => words.includes(word)),
        );
        if (sources.length)
          found.push(`${where} writes the limit ${match[2]} in « ${match[0]} » (${sources.join(", ")})`);
      }
      if (/10\s*\*\s*1024\s*\*\s*1024/.test(text)) found.push(`${where} writes 10 * 1024 * 1024 (the upload limit)`);
    }
    expect(found).toEqual([]);
  });
});
