import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIELD_LABELS } from "./history-labels";

const api = join(import.meta.dirname, "..", "..", "..", "..", "api", "src", "modules");

/** The fields an API writer records in the history (its `AUDITED_…_FIELDS` list). */
function auditedFields(file: string): string[] {
  const source = readFileSync(join(api, file), "utf8");
  const list = /const AUDITED_[A-Z]+_FIELDS = \[([^\]]*)\]/.exec(source);
  expect(list, file).not.toBeNull();
  return [...list![1].matchAll(/"(\w+)"/g)].map((match) => match[1]);
}

describe("the history's field names", () => {
  it("names every field the API records in French, never by its schema name", () => {
    const files = [
      "media/media-editor.service.ts",
      "sheets/sheet-editor.service.ts",
      "sheets/sheet-hand-over.ts",
      "users/user.service.ts",
    ];
    const fields = files.flatMap(auditedFields);
    expect(fields).toContain("hours");
    for (const field of fields) expect(FIELD_LABELS[field], field).toBeDefined();
  });
});
