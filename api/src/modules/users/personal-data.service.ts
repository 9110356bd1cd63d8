import { Brackets, type DataSource, type Repository } from "typeorm";
import { logger } from "../../logger";
import { addMonths, PERSONAL_DATA_RETENTION_MONTHS, todayInParis } from "../../shared/rules";
import { AuditAction, AuditEntry, AuditItemType } from "../audit/audit-entry.entity";
import type { AuditService } from "../audit/audit.service";
import type { LinkTokenService } from "../auth/link-token.service";
import type { SessionService } from "../auth/session.service";
import { Role, UserStatus } from "../reference/reference.data";
import type { ReportService } from "../reports/report.service";
import { User } from "./user.entity";

/** What an erased account is called wherever it still appears (the owner of a sheet, the trail). */
export const ERASED_ACCOUNT_NAME = "Compte effacé";

/** The domain of erased accounts' addresses: reserved, it reaches no one (RFC 2606). */
const ERASED_DOMAIN = "compte-efface.invalid";

/** An erased account's address: unique (the column is), and never a person's. */
export const erasedEmail = (id: string) => `${id}@${ERASED_DOMAIN}`;

/** Whether an account's personal data were erased already. */
export const isErased = (user: Pick<User, "email">) => user.email.endsWith(`@${ERASED_DOMAIN}`);

/** The same instant, `months` calendar months earlier. */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/** How many accounts and reports one pass erased. */
export interface ErasureCount {
  accounts: number;
  reports: number;
  reportEmails: number;
}

/**
 * Keeps the legal notice's promise on personal data: twelve months after an account ends
 * (its expiration date passed, or an administrator deleted it) or after a partner request
 * that no one accepted, the account's personal data are erased. The record stays, under
 * « Compte effacé », so that what it published keeps its owner and the trail its entries; its
 * name leaves the trail as well. Error reports go twelve months after they were handled, and
 * the address left with one still open is erased after twelve months.
 *
 * Administrators are left out of the expiration rule: they are the publisher's staff, whose
 * accounts end by deletion (then erased like any other).
 */
export class PersonalDataService {
  private readonly users: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: {
      sessions: SessionService;
      tokens: LinkTokenService;
      audit: AuditService;
      reports: ReportService;
    },
  ) {
    this.users = dataSource.getRepository(User);
  }

  /** The ids of the accounts whose personal data are past their retention at `now`. */
  async overdueAccounts(now: Date): Promise<string[]> {
    const cutoff = monthsBefore(now, PERSONAL_DATA_RETENTION_MONTHS);
    // The expiration date is the last day the account is valid (isExpired).
    const cutoffDay = addMonths(todayInParis(now), -PERSONAL_DATA_RETENTION_MONTHS);
    const rows = await this.users
      .createQueryBuilder("u")
      .select("u.id", "id")
      .where(
        new Brackets((ended) =>
          ended
            .where("u.status <> :deleted AND u.role <> :admin AND u.expiration < :cutoffDay", {
              deleted: UserStatus.DELETED,
              admin: Role.ADMIN,
              cutoffDay,
            })
            .orWhere("u.status = :local AND u.createdAt < :cutoff", { local: UserStatus.LOCAL, cutoff })
            .orWhere("u.status = :deleted AND u.updatedAt < :cutoff AND u.email NOT LIKE :erased", {
              erased: `%@${ERASED_DOMAIN}`,
            }),
        ),
      )
      .orderBy("u.id")
      .getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  /** Erases every account and report past its retention; returns how many. */
  async eraseOverdue(now: Date): Promise<ErasureCount> {
    const ids = await this.overdueAccounts(now);
    // One account at a time, each in a transaction of its own: a failure leaves the others done.
    for (const id of ids) await this.eraseAccount(id, now);
    const reports = await this.deps.reports.purgePastRetention(monthsBefore(now, PERSONAL_DATA_RETENTION_MONTHS));
    const count = { accounts: ids.length, ...reports };
    if (count.accounts + count.reports + count.reportEmails > 0) logger.info("personal_data.erased", { ...count });
    return count;
  }

  /**
   * Erases one account's personal data: its names, addresses, phones, reason to join and
   * password go; it is deleted, signed out everywhere, and its links open nothing. Its name
   * leaves the trail's entries (as the author of a write, or the account written).
   */
  async eraseAccount(id: string, now: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(User).update(
        { id },
        {
          name: ERASED_ACCOUNT_NAME,
          surname: "",
          email: erasedEmail(id),
          phone: "",
          mobile: null,
          justify: null,
          fullAddress: null,
          city: null,
          epci: null,
          networks: [],
          passwordHash: null,
          searchText: null,
          status: UserStatus.DELETED,
          updatedAt: now,
        },
      );
      const trail = manager.getRepository(AuditEntry);
      await trail.update({ actorId: id }, { actorName: ERASED_ACCOUNT_NAME });
      await trail.update({ itemType: AuditItemType.USER, itemId: id }, { itemLabel: ERASED_ACCOUNT_NAME });
    });
    await this.deps.sessions.closeAllOf(id);
    await this.deps.tokens.revokeAll(id);
    await this.deps.audit.record(
      { portal: "Effacement des données personnelles" },
      {
        itemType: AuditItemType.USER,
        itemId: id,
        itemLabel: ERASED_ACCOUNT_NAME,
        action: AuditAction.DELETE,
        fields: [],
      },
    );
  }
}
