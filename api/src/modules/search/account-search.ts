import { type DataSource } from "typeorm";
import { searchWords } from "../common/text-normalization";
import { UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { UserOrderField, type UserSearchInput } from "../users/user.inputs";
import { type AccountPlan, planAccountSearch } from "./plans";

/** What the administrators' list reads of an account: neither its password hash nor its search text. */
const LISTED_USER_COLUMNS = [
  "id",
  "name",
  "surname",
  "email",
  "phone",
  "mobile",
  "role",
  "status",
  "createdAt",
  "expiration",
  "networks",
  "justify",
  "fullAddress",
  "city",
  "epci",
  "updatedAt",
] as const satisfies ReadonlyArray<keyof User>;

/** A page of the administrators' list of accounts, its total, and the accounts waiting for review. */
export interface AccountPage {
  users: User[];
  total: number;
  waiting: number;
}

/** A page of accounts (the caller has checked the viewer may list them), and the plan that read it. */
export async function searchAccounts(
  dataSource: DataSource,
  input: UserSearchInput,
): Promise<{ plan: AccountPlan; page: AccountPage }> {
  const plan = planAccountSearch();
  return { plan, page: await runAccountPlan(dataSource, plan, input) };
}

/**
 * The executor of `accounts-by-text`: the statuses asked, every word of the text in the
 * normalised search column, in the order asked (ties by id).
 */
export async function runAccountPlan(
  dataSource: DataSource,
  _plan: AccountPlan,
  input: UserSearchInput,
): Promise<AccountPage> {
  const users = dataSource.getRepository(User);
  const qb = users.createQueryBuilder("u");
  qb.where("u.status IN (:...statuses)", {
    statuses: input.statuses.length ? input.statuses : [UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING],
  });
  // Accent- and case-insensitive, on both engines, through the normalised column.
  searchWords(input.textQuery)
    .slice(0, 5)
    .forEach((word, index) => {
      qb.andWhere(`u.searchText LIKE :w${index}`, { [`w${index}`]: `%${word}%` });
    });
  // The page, its total (a window count) and the accounts waiting for review in one statement;
  // a list never reads secrets.
  const { entities, raw } = await qb
    .select(LISTED_USER_COLUMNS.map((column) => `u.${column}`))
    .addSelect("COUNT(*) OVER ()", "total")
    .addSelect((waiting) => waiting.select("COUNT(*)").from(User, "w").where("w.status = :waitingStatus"), "waiting")
    .setParameter("waitingStatus", UserStatus.LOCAL)
    .orderBy(
      // Accounts that never expire come after those that do, in either direction: sorting by
      // expiration is looking for the accounts about to end.
      input.orderBy === UserOrderField.expiration
        ? { "CASE WHEN u.expiration IS NULL THEN 1 ELSE 0 END": "ASC", "u.expiration": input.orderDirection }
        : { [`u.${input.orderBy}`]: input.orderDirection },
    )
    .addOrderBy("u.id", input.orderDirection)
    .offset(input.from)
    .limit(input.size)
    .getRawAndEntities<{ total: number | string; waiting: number | string }>();
  if (raw.length > 0) return { users: entities, total: Number(raw[0].total), waiting: Number(raw[0].waiting) };
  // A page past the end has no row to carry them.
  const total = input.from > 0 ? await qb.getCount() : 0;
  return { users: entities, total, waiting: await users.countBy({ status: UserStatus.LOCAL }) };
}
