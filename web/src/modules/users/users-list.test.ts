import { describe, expect, it } from "vitest";
import { formatParisDay, fullName, rangeLabel, waitingLabel } from "./users-list";

describe("users list helpers", () => {
  it("counts waiting requests in French", () => {
    expect(waitingLabel(0)).toBe("Aucune demande de partenariat en attente");
    expect(waitingLabel(1)).toBe("1 demande de partenariat en attente");
    expect(waitingLabel(3)).toBe("3 demandes de partenariat en attente");
  });

  it("describes the shown range", () => {
    expect(rangeLabel(0, 10, 42)).toBe("1–10 sur 42");
    expect(rangeLabel(40, 2, 42)).toBe("41–42 sur 42");
    expect(rangeLabel(0, 0, 0)).toBe("0 sur 0");
  });

  it("writes a creation timestamp as its day in Paris", () => {
    expect(formatParisDay("2024-05-21T22:30:00.000Z")).toBe("22/05/2024");
    expect(formatParisDay("2024-01-05T10:00:00.000Z")).toBe("05/01/2024");
  });

  it("names a user first name first", () => {
    expect(fullName({ name: "Martin", surname: "Jeanne" })).toBe("Jeanne Martin");
  });
});
