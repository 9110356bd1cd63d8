import { describe, expect, it } from "vitest";
import { buildMedia } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { Media } from "../media/media.entity";
import { countedPage, type PageOfIds } from "./search-page";

/** Pages of a query of five media, newest first, their counts capped at `cap`. */
describe("countedPage", () => {
  const t = useTestPortal();

  const page = async (offset: number, size: number, cap: number) => {
    const ds = t.portal.dataSource;
    const qb = ds.getRepository(Media).createQueryBuilder("m").select("m.id", "id").orderBy("m.createdAt", "DESC");
    let result: PageOfIds | undefined;
    const statements = await recordStatements(ds, async () => {
      result = await countedPage(ds, qb, offset, size, cap);
    });
    return { ...result!, counts: statements.filter(({ query }) => /COUNT\(\*\)/i.test(query)).length };
  };

  const newestFirst = async () => {
    const ids: string[] = [];
    for (let day = 5; day >= 1; day--) {
      ids.push((await buildMedia(t.portal.dataSource, { createdAt: new Date(`2026-03-0${day}T08:00:00Z`) })).id);
    }
    return ids;
  };

  it("counts exactly up to the cap, in the page's statement", async () => {
    const ids = await newestFirst();
    expect(await page(0, 2, 10)).toEqual({ ids: ids.slice(0, 2), count: 5, countIsMinimum: false, counts: 1 });
    expect(await page(2, 2, 10)).toEqual({ ids: ids.slice(2, 4), count: 5, countIsMinimum: false, counts: 1 });
  });

  it("says « at least » past the cap, covering the page asked for", async () => {
    const ids = await newestFirst();
    expect(await page(0, 2, 3)).toEqual({ ids: ids.slice(0, 2), count: 3, countIsMinimum: true, counts: 1 });
  });

  it("counts nothing for a page that starts past the cap and has rows", async () => {
    const ids = await newestFirst();
    // Four results are behind and one more follows: at least five.
    expect(await page(3, 1, 3)).toEqual({ ids: [ids[3]], count: 5, countIsMinimum: true, counts: 0 });
    expect(await page(4, 1, 3)).toEqual({ ids: [ids[4]], count: 5, countIsMinimum: true, counts: 0 });
  });

  it("counts alone a page past the end", async () => {
    await newestFirst();
    // Past the cap, the page's statement has no count: one statement counts. There are more than
    // the cap, and no more is claimed: the list (5) ends before the page asked for (from the 7th).
    expect(await page(6, 2, 3)).toEqual({ ids: [], count: 3, countIsMinimum: true, counts: 1 });
    // Within it, the page's statement had a count but no row to carry it: it is counted again, alone.
    expect(await page(6, 2, 10)).toEqual({ ids: [], count: 5, countIsMinimum: false, counts: 2 });
  });
});
