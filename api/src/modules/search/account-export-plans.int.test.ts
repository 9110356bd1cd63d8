import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { Role, UserStatus } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";
import { User } from "../users/user.entity";
import { OrderDirection, UserOrderField, type UserSearchInput } from "../users/user.inputs";
import { searchAccounts } from "./account-search";
import { planOpenDataExport } from "./plans";
import { runOpenDataPlan } from "./open-data-export";

/**
 * The plans of a single-plan domain against a plain query: the administrators' list of accounts
 * (ties on names and dates, deleted accounts, accounts that never expire) and the open data
 * export's keyset batches.
 */
describe("accounts and open data plans against a plain query", () => {
  const t = useTestPortal();

  /** 150 accounts: three names, five created in each second, every fourth deleted, every third never expiring. */
  const seedAccounts = async () => {
    const base = Date.UTC(2026, 0, 1);
    const statuses = [UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING, UserStatus.DELETED];
    const users = Array.from({ length: 150 }, (_, i) =>
      Object.assign(new User(), {
        id: randomUUID(),
        name: ["Martin", "Bernard", "Dubois"][i % 3],
        surname: ["Léa", "Hugo"][i % 2],
        email: `compte${i}@example.org`,
        phone: "05 59 00 00 00",
        mobile: null,
        role: Role.NEWS_PARTNER,
        status: statuses[i % 4],
        createdAt: new Date(base + Math.floor(i / 5) * 1000),
        updatedAt: new Date(base),
        expiration: i % 3 === 0 ? null : new Date(base + (i % 6) * 86_400_000),
        networks: [],
        justify: null,
        fullAddress: null,
        city: i % 2 === 0 ? "Orthez" : null,
        epci: null,
        passwordHash: null,
      }),
    );
    await t.portal.dataSource.getRepository(User).save(users, { chunk: 50 });
  };

  /** The plain query of the list: statuses, every word in the search text, the order asked, ties by id. */
  const plainAccounts = async (input: UserSearchInput) => {
    const qb = t.portal.dataSource
      .createQueryBuilder()
      .select("u.id", "id")
      .from(User, "u")
      .where("u.status IN (:...statuses)", { statuses: input.statuses });
    (input.textQuery ?? "")
      .split(" ")
      .filter(Boolean)
      .forEach((word, index) => qb.andWhere(`u.searchText LIKE :w${index}`, { [`w${index}`]: `%${word}%` }));
    const direction = input.orderDirection;
    if (input.orderBy === UserOrderField.expiration)
      qb.orderBy("CASE WHEN u.expiration IS NULL THEN 1 ELSE 0 END", "ASC").addOrderBy("u.expiration", direction);
    else qb.orderBy(`u.${input.orderBy}`, direction);
    return (await qb.addOrderBy("u.id", direction).getRawMany<{ id: string }>()).map((row) => row.id);
  };

  it("accounts-by-text: every page of the list is the plain query's, with its total and the accounts waiting", async () => {
    await seedAccounts();
    const waiting = await t.portal.dataSource.getRepository(User).countBy({ status: UserStatus.LOCAL });
    const listed = [UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING];
    const cases: Array<Partial<UserSearchInput>> = [
      { orderBy: UserOrderField.createdAt, orderDirection: OrderDirection.DESC },
      { orderBy: UserOrderField.name, orderDirection: OrderDirection.ASC, textQuery: "lea" },
      { orderBy: UserOrderField.expiration, orderDirection: OrderDirection.ASC },
      { orderBy: UserOrderField.expiration, orderDirection: OrderDirection.DESC, textQuery: "martin orthez" },
      { orderBy: UserOrderField.surname, orderDirection: OrderDirection.DESC, statuses: [UserStatus.DELETED] },
    ];
    for (const fields of cases) {
      const input = { statuses: listed, from: 0, size: 10, ...fields } as UserSearchInput;
      const ids = await plainAccounts(input);
      expect(ids.length, JSON.stringify(fields)).toBeGreaterThan(10);
      const read: string[] = [];
      // Every page, and one past the end.
      for (let from = 0; from <= ids.length + 10; from += 10) {
        const { plan, page } = await searchAccounts(t.portal.dataSource, { ...input, from } as UserSearchInput);
        expect(plan.kind).toBe("accounts-by-text");
        expect(page.total, `${JSON.stringify(fields)} from ${from}`).toBe(ids.length);
        expect(page.waiting).toBe(waiting);
        read.push(...page.users.map((user) => user.id));
      }
      expect(read, JSON.stringify(fields)).toEqual(ids);
    }
  }, 120_000);

  it("keyset-by-id: the batches hold every sheet once, in id order", async () => {
    const ds = t.portal.dataSource;
    const sheets = Array.from({ length: 61 }, (_, i) =>
      Object.assign(new Sheet(), {
        id: randomUUID(),
        serviceName: "Crèche",
        serviceManager: "Responsable",
        userIds: [],
        email: "accueil@example.org",
        phone: "0559000000",
        fullAddress: "1 rue de la Paix",
        city: "Orthez",
        zip: "64300",
        epci: "CC de Lacq-Orthez",
        latitude: null,
        longitude: null,
        latitudeBand: null,
        types: [],
        ages: [],
        coveredLocations: [],
        createdAt: new Date(Date.UTC(2026, 0, 1)),
        updatedAt: new Date(Date.UTC(2026, 0, 1)),
        checkedAt: new Date(Date.UTC(2026, 0, 1)),
        searchText: `creche ${i}`,
        typeBits: 0,
        ageBits: 0,
      }),
    );
    await ds.getRepository(Sheet).save(sheets, { chunk: 50 });
    const ids = ((await ds.query("SELECT id FROM service ORDER BY id")) as { id: string }[]).map((row) => row.id);
    expect(ids).toHaveLength(61);
    for (const batch of [7, 61, 500]) {
      const read: string[] = [];
      for await (const rows of runOpenDataPlan(ds, planOpenDataExport(), batch)) {
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(batch);
        read.push(...rows.map((row) => row.id));
      }
      expect(read, `batches of ${batch}`).toEqual(ids);
    }
  }, 60_000);
});
