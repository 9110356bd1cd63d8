import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { seedScaleContent } from "../../db/seed/scale-content";
import { loadTownData } from "../geo/town-data";

// At scale (npm run test:scale): 6,000 sheets, so that the export waits for the network more
// than ten times, the number past which Node warns of piled-up listeners.
describe("open data at scale", () => {
  const t = useTestPortal();

  it("streams a large compressed export batch after batch, waiting for the network without piling up listeners", async () => {
    // 12 batches of 500 sheets: each fills the compression stream, whose `drain` the export waits for.
    await seedScaleContent(t.portal.dataSource, loadTownData("64"), { media: 0, services: 6000, users: 20 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const json = await fetch(`${t.url}/api/open-data/services`, { headers: { "accept-encoding": "gzip" } });
      expect(json.headers.get("content-encoding")).toBe("gzip");
      const records = ((await json.json()) as { data: Array<{ id: string }> }).data;
      expect(new Set(records.map((record) => record.id)).size).toBe(6000);
      const csv = await fetch(`${t.url}/api/open-data/structures.csv`, { headers: { "accept-encoding": "gzip" } });
      expect(csv.headers.get("content-encoding")).toBe("gzip");
      expect((await csv.text()).trimEnd().split("\r\n")).toHaveLength(6001);
      // Node emits its warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    // Node warns when an emitter holds more than 10 listeners of one event (a leak, one per wait).
    expect(warnings).toEqual([]);
    // Seeding 6,000 sheets and exporting them twice: 12 s alone on a slow machine, over 30 s in CI
    // beside another test file, like the other tests that seed at scale.
  }, 120_000);
});
