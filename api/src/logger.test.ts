import { describe, expect, it } from "vitest";
import { errorSummary } from "./logger";

describe("errorSummary", () => {
  it("keeps out of the logs the values a database message quotes, and keeps the key or column it names", () => {
    const duplicate = new Error("Duplicate entry 'elodie.laborde@example.org' for key 'UQ_users_email'");
    duplicate.name = "QueryFailedError";
    expect(errorSummary(duplicate)).toBe("QueryFailedError: Duplicate entry '…' for key 'UQ_users_email'");
    expect(errorSummary(new Error("Incorrect string value: '\\xF0\\x9F' for column 'title' at row 1"))).toBe(
      "Error: Incorrect string value: '…' for column 'title' at row 1",
    );
    expect(errorSummary(new Error("Duplicate entry 'l\\'Oustal' for key 'UQ_x'"))).toBe(
      "Error: Duplicate entry '…' for key 'UQ_x'",
    );
    expect(errorSummary(new TypeError("Cannot read properties of undefined"))).toBe(
      "TypeError: Cannot read properties of undefined",
    );
  });
});
