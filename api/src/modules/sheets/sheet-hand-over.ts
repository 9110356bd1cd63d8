import { type DataSource, type EntityManager, In, Not, type Repository } from "typeorm";
import { NotFoundError, ValidationError } from "../../errors";
import { requireAdmin } from "../../policies/account.policy";
import { canReceiveSheets, sheetHandOverRefusal } from "../../policies/sheet.policy";
import type { Viewer } from "../../policies/viewer";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import type { AuditService } from "../audit/audit.service";
import { insertRows } from "../common/facets";
import { UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { SheetFacet } from "./sheet-facet.entity";
import { Sheet } from "./sheet.entity";
import { sheetFacets } from "./sheet.service";

/** The sheets an account is a member of, as its deletion treats them. */
export interface MemberSheets {
  /** Sheets it owns alone: handed to another account, or to the administrators. */
  alone: Sheet[];
  /** Sheets it shares with other accounts: they lose this one only. */
  shared: Sheet[];
}

/** Where the sheets an account owns alone go when it is deleted. */
export interface SheetsRecipient {
  /** The account that takes them over; null: the administrators (the sheets keep no member). */
  user: User | null;
}

/** The most accounts the chooser lists (a department's professional partners are far fewer). */
const RECIPIENTS_CAP = 2000;
const RECIPIENT_FIELD = "handSheetsTo";
/** What the history says a hand-over changed. */
const AUDITED_OWNER_FIELDS = ["userIds"] as const satisfies readonly (keyof Sheet)[];

/**
 * Handing a deleted account's service sheets over, so that no sheet is left with an account that
 * no longer exists: a sheet it owns alone goes to another account that may hold sheets, or to
 * the administrators (no member: its freshness reminders go to them, see FreshnessService); a
 * sheet it shares simply loses it. Runs inside the deletion's transaction.
 */
export class SheetHandOverService {
  private readonly users: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    this.users = dataSource.getRepository(User);
  }

  /** The sheets an account is a member of, split as its deletion treats them (by name). */
  async sheetsOf(viewer: Viewer, userId: string): Promise<MemberSheets> {
    requireAdmin(viewer);
    return splitSheets(await memberSheets(this.dataSource.manager, userId), userId);
  }

  /** The accounts an administrator may hand the sheets of `exceptId` to, by name. */
  async recipients(viewer: Viewer, exceptId: string, now = new Date()): Promise<User[]> {
    requireAdmin(viewer);
    // Read broadly, decided by the policy (who may hold sheets is written there only).
    const accounts = await this.users.find({
      select: { id: true, name: true, surname: true, email: true, role: true, status: true, expiration: true },
      where: { status: Not(UserStatus.DELETED) },
      order: { surname: "ASC", name: "ASC", id: "ASC" },
    });
    return accounts.filter((user) => user.id !== exceptId && canReceiveSheets(user, now)).slice(0, RECIPIENTS_CAP);
  }

  /** The recipient an administrator named for the sheets of `fromId`, checked; none: the administrators. */
  async recipient(viewer: Viewer, fromId: string, recipientId: string | null | undefined): Promise<SheetsRecipient> {
    requireAdmin(viewer);
    const id = recipientId?.trim();
    if (!id) return { user: null };
    const user = await this.users.findOneBy({ id });
    if (!user) {
      const message = "Le compte qui doit reprendre les fiches est introuvable.";
      throw new NotFoundError(message);
    }
    const refusal = sheetHandOverRefusal(viewer, fromId, user);
    if (refusal) throw new ValidationError(refusal, { [RECIPIENT_FIELD]: refusal });
    return { user };
  }

  /**
   * Hands the sheets of `fromId` over, in `manager`'s transaction: each written sheet's members
   * and `owner` facet rows change, and the history records it (« propriétaires » changed).
   */
  async handOver(
    manager: EntityManager,
    viewer: Viewer,
    fromId: string,
    to: SheetsRecipient,
  ): Promise<{ handed: number; left: number }> {
    const { alone, shared } = splitSheets(await memberSheets(manager, fromId), fromId);
    const changes = [
      ...alone.map((sheet) => ({ sheet, userIds: to.user ? [to.user.id] : [] })),
      ...shared.map((sheet) => ({ sheet, userIds: sheet.userIds.filter((id) => id !== fromId) })),
    ];
    if (changes.length === 0) return { handed: 0, left: 0 };
    const now = new Date();
    const ids = changes.map(({ sheet }) => sheet.id);
    await manager.delete(SheetFacet, { serviceId: In(ids), facet: "owner" });
    for (const { sheet, userIds } of changes) {
      // The recipient was not told about the sheet yet: its reminders start again from the next due one.
      await manager.update(Sheet, { id: sheet.id }, { userIds, updatedAt: now, reminderSentAt: null });
      const ownerRows = sheetFacets(Object.assign(sheet, { userIds })).filter((row) => row.facet === "owner");
      await insertRows(manager, SheetFacet, ownerRows);
      await this.audit.record(
        viewer,
        {
          itemType: AuditItemType.SERVICE,
          itemId: sheet.id,
          itemLabel: sheet.serviceName,
          action: AuditAction.UPDATE,
          fields: [...AUDITED_OWNER_FIELDS],
        },
        manager,
      );
    }
    return { handed: alone.length, left: shared.length };
  }
}

/** The sheets an account is a member of (its `owner` facet rows), by name. */
function memberSheets(manager: EntityManager, userId: string): Promise<Sheet[]> {
  return manager
    .createQueryBuilder(Sheet, "s")
    .where("s.id IN (SELECT f.serviceId FROM service_facet f WHERE f.facet = 'owner' AND f.value = :memberId)", {
      memberId: userId,
    })
    .orderBy("s.serviceName", "ASC")
    .addOrderBy("s.id", "ASC")
    .getMany();
}

const splitSheets = (sheets: Sheet[], userId: string): MemberSheets => ({
  alone: sheets.filter((sheet) => sheet.userIds.every((id) => id === userId)),
  shared: sheets.filter((sheet) => sheet.userIds.some((id) => id !== userId)),
});
