import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types.
import { missedTargets, targetsReport } from "../bench/targets.mjs";

const at = (p95: number) => ({ p50: p95 / 2, p95 });
const row = (label: string, rest: number, graphql: number, floor: number, restFloor?: number) => ({
  label,
  rest: at(rest),
  graphql: at(graphql),
  floor: at(floor),
  restFloor: restFloor === undefined ? null : at(restFloor),
});

describe("the bench's targets", () => {
  it("names the rows over 15 ms and over 3 times their floor, REST against its own statements", () => {
    const rows = [
      row("liste", 6.0, 6.1, 1.5),
      row("atelier", 16.8, 14.0, 12.0),
      row("détail", 2.9, 2.9, 1.0, 0.5),
      row("comptes", 5.7, 5.0, 2.7),
    ];
    const missed = missedTargets(rows, { app: { rps: 2028 }, floor: { rps: 3830 } });
    expect(missed.slow).toEqual(["atelier"]);
    expect(missed.far).toEqual(["liste", "détail"]);
    expect(missed.throughputMet).toBe(true);
    expect(missed.share).toBeCloseTo(0.5295, 3);
  });

  it("says the throughput line is missed under half the bare handler's rate", () => {
    const rows = [row("liste", 9.0, 9.0, 3.5)];
    expect(missedTargets(rows, { app: { rps: 669 }, floor: { rps: 1419 } }).throughputMet).toBe(false);
    expect(targetsReport(rows, { app: { rps: 669 }, floor: { rps: 1419 } })).toBe(
      [
        "Cibles de cette mesure :",
        "- p95 ≤ 15 ms en REST et en GraphQL : atteint sur la ligne",
        "- p95 ≤ 3 × celui du SQL seul : atteint sur la ligne",
        "- débit GraphQL ≥ 50 % du gestionnaire nu : manqué (47 %)",
      ].join("\n"),
    );
  });
});
