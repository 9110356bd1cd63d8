import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");
/** Components whose recipes are not in the first-load theme (ui/theme.ts) but in ui/more-recipes.ts. */
const LATE =
  /<(Alert|Checkbox|DataList|Dialog|Drawer|Field|Fieldset|InputGroup|Menu|NativeSelect|RadioGroup|Switch|Table|Textarea|Toast)[.\s>]/;

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return name.endsWith(".tsx") ? [path] : [];
  });

describe("late recipes", () => {
  it("are imported by every module that renders a form, dialog, drawer, menu, table or notification", () => {
    const missing = sources(SRC)
      .filter((file) => LATE.test(readFileSync(file, "utf8")))
      .filter((file) => !/import "(\.\.?\/)+(ui\/)?more-recipes";/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
