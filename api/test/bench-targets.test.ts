import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types.
import { missedTargets, targetsReport } from "../bench/targets.mjs";

const at = (p95: number) => ({ p50: p95 / 2, p95 });
/** A row of the bench: REST and GraphQL p95, the bare handler's, and the REST call's own one. */
const row = (label: string, rest: number, graphql: number, bare: number, restBare?: number) => ({
  label,
  rest: at(rest),
  graphql: at(graphql),
  httpFloor: at(bare),
  httpRestFloor: restBare === undefined ? null : at(restBare),
});
const enough = { app: { rps: 2028 }, floor: { rps: 3830 } };

describe("the bench's targets", () => {
  it("meets every target on rows within them, and says so", () => {
    const rows = [row("liste", 6.0, 6.1, 2.5), row("atelier", 24.0, 22.0, 11.0), row("détail", 2.9, 2.9, 1.2, 1.5)];
    expect(missedTargets(rows, enough)).toEqual({
      far: [],
      slow: [],
      quickRows: 2,
      share: expect.closeTo(0.5295, 3),
      throughputMet: true,
    });
    expect(targetsReport(rows, enough).split("\n").slice(0, 4)).toEqual([
      "Cibles de cette mesure :",
      "- p95 REST et GraphQL ≤ 2,5 × celui du gestionnaire nu : atteint (3 lignes)",
      "- p95 ≤ 15 ms là où le gestionnaire nu est ≤ 10 ms : atteint (2 lignes)",
      "- débit GraphQL à 32 connexions ≥ 50 % du gestionnaire nu : atteint (52,9 %)",
    ]);
  });

  it("names each call over 2.5 times its bare handler, REST against its own statements", () => {
    const rows = [
      // GraphQL at 2.6 × its bare handler.
      row("liste", 6.0, 6.5, 2.5),
      // REST at 2.6 × its own bare handler, under 2.5 × the GraphQL one's.
      row("détail", 2.6, 2.0, 1.2, 1.0),
      // REST over 2.5 × the GraphQL statements' handler, within its own.
      row("article", 5.0, 2.0, 1.0, 2.5),
    ];
    expect(missedTargets(rows, enough).far).toEqual(["liste (GraphQL)", "détail (REST)"]);
    expect(targetsReport(rows, enough)).toContain(
      "- p95 REST et GraphQL ≤ 2,5 × celui du gestionnaire nu : manqué sur 2 appels (liste (GraphQL) ; détail (REST))",
    );
  });

  it("holds searches to 15 ms only where the bare handler answers within 10 ms", () => {
    const rows = [
      // 15.5 ms over a bare handler of 10 ms: missed (the ratio is met).
      row("mot", 15.5, 14.0, 10.0),
      // 24 ms over a bare handler of 10.5 ms: the 15 ms target does not apply.
      row("atelier", 24.0, 24.0, 10.5),
      // REST over its own bare handler of 9 ms, GraphQL's handler at 11 ms.
      row("détail", 16.0, 20.0, 11.0, 9.0),
    ];
    const missed = missedTargets(rows, enough);
    expect(missed.slow).toEqual(["mot (REST)", "détail (REST)"]);
    expect(missed.far).toEqual([]);
    expect(missed.quickRows).toBe(2);
    expect(targetsReport(rows, enough)).toContain(
      "- p95 ≤ 15 ms là où le gestionnaire nu est ≤ 10 ms : manqué sur 2 appels (mot (REST) ; détail (REST))",
    );
  });

  it("says the throughput line is missed under half the bare handler's rate", () => {
    const rows = [row("liste", 9.0, 9.0, 3.5)];
    const slowLoad = { app: { rps: 669 }, floor: { rps: 1419 } };
    expect(missedTargets(rows, slowLoad).throughputMet).toBe(false);
    expect(missedTargets(rows, { app: { rps: 710 }, floor: { rps: 1419 } }).throughputMet).toBe(true);
    // Just under half (49.6 %): missed, and not shown as 50 %.
    const justUnder = { app: { rps: 794 }, floor: { rps: 1600 } };
    expect(missedTargets(rows, justUnder).throughputMet).toBe(false);
    expect(targetsReport(rows, justUnder)).toContain("≥ 50 % du gestionnaire nu : manqué (49,6 %)");
    expect(targetsReport(rows, slowLoad)).toContain(
      "- débit GraphQL à 32 connexions ≥ 50 % du gestionnaire nu : manqué (47,1 %)",
    );
  });

  it("prints the absolute times as information, never as a target", () => {
    const rows = [row("liste", 40.0, 38.0, 20.0), row("mot", 8.0, 7.5, 4.0, 4.5)];
    const report = targetsReport(rows, enough);
    expect(missedTargets(rows, enough)).toMatchObject({ far: [], slow: [] });
    expect(report).toContain(
      "Pour information (temps absolus, selon la machine) : p95 le plus long 40,0 ms en REST, " +
        "38,0 ms en GraphQL, 20,0 ms pour le gestionnaire nu ; débit 2028 req/s contre 3830.",
    );
  });
});
