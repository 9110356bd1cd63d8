import { DateTime } from "luxon";
import { type DataSource, In, type Repository } from "typeorm";
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from "../../errors";
import { logger } from "../../logger";
import { isActiveAccount } from "../../policies/account.policy";
import { canEditSheet, canReceiveSheets, canReviewSheets } from "../../policies/sheet.policy";
import { viewerOf, type Viewer } from "../../policies/viewer";
import {
  PARIS_ZONE,
  SHEET_CONFIRM_LINK_DAYS,
  SHEET_REMINDER_INTERVAL_DAYS,
  SHEET_REMINDER_MONTHS,
  SHEET_REVIEW_MONTHS,
} from "../../shared/rules";
import { isChildCare } from "../../shared/availability";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import type { AuditService } from "../audit/audit.service";
import { type Clock, wholeSeconds } from "../common/clock";
import type { Job } from "../jobs/job-runner";
import type { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import { Role, UserStatus } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";
import type { AvailabilityInput } from "../sheets/availability";
import type { SheetEditorService } from "../sheets/sheet-editor.service";
import { User } from "../users/user.entity";
import { readConfirmLink, signConfirmLink } from "./confirm-link";

const DAY_MS = 86_400_000;
/** Who the history names when a sheet is confirmed through its link by an owner no longer on record. */
export const CONFIRMED_BY_LINK = "Lien de confirmation";
export const REVIEW_PAGE_SIZE = 15;

export const LINK_MESSAGES = {
  invalid: "Ce lien n'est pas valide : vérifiez qu'il a été copié en entier.",
  expired: "Ce lien a expiré. Connectez-vous à votre espace partenaire pour confirmer ou mettre à jour la fiche.",
  used: "Ce lien a déjà servi : la fiche a été confirmée ou mise à jour depuis l'envoi du message.",
} as const;

/** Calendar months before an instant, counted in Paris. */
const monthsBefore = (now: Date, months: number): Date =>
  DateTime.fromJSDate(now).setZone(PARIS_ZONE).minus({ months }).toJSDate();

const parisDate = (date: Date) => DateTime.fromJSDate(date).setZone(PARIS_ZONE).toFormat("dd/MM/yyyy");

/** The daily job that reminds owners of their old sheets (run through JobRunner). */
export const sheetRemindersJob = (freshness: FreshnessService): Job => ({
  name: "sheet-reminders",
  everyMs: DAY_MS,
  run: async (now) => {
    await freshness.sendReminders(now);
  },
});

export interface ReviewCounts {
  toReview: number;
  reminded: number;
  dueForReminder: number;
}

export interface ReviewRow {
  service: Sheet;
  owner: User | null;
}

/**
 * How fresh the service sheets are: « Informations à vérifier » after 9 months, reminders to
 * owners after 6 (the daily job), one-click confirmation links, and the administrators' list.
 */
export class FreshnessService {
  private readonly sheets: Repository<Sheet>;
  private readonly users: Repository<User>;

  constructor(
    dataSource: DataSource,
    private readonly options: {
      clock: Clock;
      mailer: Mailer;
      audit: AuditService;
      publicUrl: string;
      secret: string;
      /** The portal's contact address: it receives the administrators' reminders too. */
      contactEmail: string;
      /** Writes the availability given through a link. */
      sheetEditor: Pick<SheetEditorService, "giveAvailability">;
    },
  ) {
    this.sheets = dataSource.getRepository(Sheet);
    this.users = dataSource.getRepository(User);
  }

  now(): Date {
    return this.options.clock.now();
  }

  /** Not confirmed for 9 months: the sheet says « Informations à vérifier ». */
  needsReview(service: Pick<Sheet, "checkedAt">, now = this.now()): boolean {
    return service.checkedAt < monthsBefore(now, SHEET_REVIEW_MONTHS);
  }

  /**
   * The daily job: sheets not confirmed for 6 months, and not reminded about for a week, are
   * listed in one e-mail to each owner: the first member of a sheet who may still confirm it.
   * A sheet without one is the administrators' (handed to them when its owner was deleted, or
   * its members' accounts are deleted, expired or now a content creator's): they get one e-mail
   * listing those. Returns how many e-mails and sheets.
   */
  async sendReminders(now = this.now()): Promise<{ owners: number; sheets: number }> {
    const due = await this.sheets
      .createQueryBuilder("s")
      .where("s.checkedAt < :remindBefore", { remindBefore: monthsBefore(now, SHEET_REMINDER_MONTHS) })
      .andWhere("(s.reminderSentAt IS NULL OR s.reminderSentAt <= :lastReminder)", {
        lastReminder: new Date(now.getTime() - SHEET_REMINDER_INTERVAL_DAYS * DAY_MS),
      })
      .orderBy("s.checkedAt", "ASC")
      .addOrderBy("s.id", "ASC")
      .getMany();
    if (due.length === 0) return { owners: 0, sheets: 0 };
    const memberIds = [...new Set(due.flatMap((service) => service.userIds))];
    const members = memberIds.length ? await this.users.findBy({ id: In(memberIds) }) : [];
    const memberById = new Map(members.map((user) => [user.id, user]));
    const byOwner = new Map<User, Sheet[]>();
    const administrators: Sheet[] = [];
    for (const service of due) {
      const owner = service.userIds
        .map((id) => memberById.get(id))
        .find((user) => user !== undefined && canReceiveSheets(user, now));
      if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), service]);
      else administrators.push(service);
    }
    const letters: Array<{ to: string[]; owner: User | null; sheets: Sheet[] }> = [...byOwner].map(
      ([owner, sheets]) => ({ to: [owner.email], owner, sheets }),
    );
    if (administrators.length > 0) {
      letters.push({ to: await this.administratorAddresses(now), owner: null, sheets: administrators });
    }
    let sent = { owners: 0, sheets: 0 };
    for (const { to, owner, sheets } of letters) {
      if (to.length === 0) {
        logger.warn("freshness.no_administrator", { sheets: sheets.length });
        continue;
      }
      try {
        await this.remind(to, owner, sheets, now);
        sent = { owners: sent.owners + 1, sheets: sent.sheets + sheets.length };
      } catch (error) {
        logger.warn("freshness.reminder_failed", { owner: owner?.id ?? "administrators", error: String(error) });
      }
    }
    return sent;
  }

  /** Who the administrators' reminders go to: the active administrators and the portal's contact address, as a partner request. */
  private async administratorAddresses(now: Date): Promise<string[]> {
    const admins = await this.users.findBy({ role: Role.ADMIN, status: UserStatus.CONFIRMED });
    const active = admins.filter((admin) => isActiveAccount(admin, now)).map((admin) => admin.email);
    return [...new Set([...active, this.options.contactEmail].filter(Boolean))];
  }

  /** One reminder: to an owner about their sheets, or (`owner` null) to the administrators about theirs. */
  private async remind(to: string[], owner: User | null, sheets: Sheet[], now: Date): Promise<void> {
    const { publicUrl, mailer } = this.options;
    const listed = sheets.map((sheet) => ({
      name: sheet.serviceName,
      checkedOn: parisDate(sheet.checkedAt),
      confirmLink: this.confirmLink(sheet, now),
      isChildCare: isChildCare(sheet.types),
    }));
    const content = owner
      ? mailTemplates.sheetReminder(publicUrl, owner, listed, `${publicUrl}/profil`, SHEET_CONFIRM_LINK_DAYS)
      : mailTemplates.sheetReminderToAdmins(
          publicUrl,
          listed,
          `${publicUrl}/fiches-a-verifier`,
          SHEET_CONFIRM_LINK_DAYS,
        );
    await mailer.send({ to, ...content });
    await this.sheets.update({ id: In(sheets.map((sheet) => sheet.id)) }, { reminderSentAt: wholeSeconds(now) });
    logger.info("freshness.reminded", { owner: owner?.id ?? "administrators", sheets: sheets.length });
  }

  /** The e-mailed « Ces informations sont toujours exactes » link of a sheet, as it is now. */
  confirmLink(service: Pick<Sheet, "id" | "checkedAt">, now = this.now()): string {
    const token = signConfirmLink(this.options.secret, {
      serviceId: service.id,
      expires: Math.floor(now.getTime() / 1000) + SHEET_CONFIRM_LINK_DAYS * 86_400,
      checkedAt: Math.floor(service.checkedAt.getTime() / 1000),
    });
    return `${this.options.publicUrl}/confirmation-fiche/${token}`;
  }

  /**
   * Confirms a sheet through its e-mailed link, once: the link names the sheet's checkedAt, which
   * the confirmation changes (and so does any update since). No account needed: only its owner
   * received it.
   */
  async confirmByLink(token: string): Promise<Sheet> {
    const claim = readConfirmLink(this.options.secret, token.trim());
    if (!claim) throw new ValidationError(LINK_MESSAGES.invalid);
    const service = await this.sheets.findOneBy({ id: claim.serviceId });
    if (!service) throw new NotFoundError("Cette fiche n'existe plus.");
    const now = this.now();
    if (Math.floor(service.checkedAt.getTime() / 1000) !== claim.checkedAt) throw new ConflictError(LINK_MESSAGES.used);
    if (now.getTime() >= claim.expires * 1000) throw new ValidationError(LINK_MESSAGES.expired);
    return this.markConfirmed(service, await this.linkActor(service), now, claim.checkedAt);
  }

  /**
   * « Places disponibles » given on the page of an e-mailed link, in one step, without an
   * account: the link stands for the sheet's owner while it is valid (30 days). Unlike the
   * confirmation, it may serve again: each availability given is dated and recorded.
   */
  async giveAvailabilityByLink(token: string, input: AvailabilityInput): Promise<Sheet> {
    const claim = readConfirmLink(this.options.secret, token.trim());
    if (!claim) throw new ValidationError(LINK_MESSAGES.invalid);
    if (this.now().getTime() >= claim.expires * 1000) throw new ValidationError(LINK_MESSAGES.expired);
    const service = await this.sheets.findOneBy({ id: claim.serviceId });
    if (!service) throw new NotFoundError("Cette fiche n'existe plus.");
    return this.options.sheetEditor.giveAvailability(await this.linkActor(service), service, input);
  }

  /** Who the history names for what an e-mailed link does: the sheet's owner, else the link itself. */
  private async linkActor(service: Sheet): Promise<Viewer | { portal: string }> {
    const owner = service.userIds[0] ? await this.users.findOneBy({ id: service.userIds[0] }) : null;
    return owner ? viewerOf(owner) : { portal: CONFIRMED_BY_LINK };
  }

  /** « Confirmer que la fiche est à jour », by one of its members or an administrator. */
  async confirm(viewer: Viewer, id: string): Promise<Sheet> {
    const service = await this.sheets.findOneBy({ id });
    if (!service) throw new NotFoundError("Ce service est introuvable.");
    if (!canEditSheet(viewer, service)) throw new ForbiddenError("Vous ne pouvez confirmer que vos propres fiches.");
    return this.markConfirmed(service, viewer, this.now(), Math.floor(service.checkedAt.getTime() / 1000));
  }

  /** checkedAt = now, reminders cleared, if the sheet is still as it was read (one conditional UPDATE). */
  private async markConfirmed(
    service: Sheet,
    actor: Viewer | { portal: string },
    now: Date,
    checkedAtSeconds: number,
  ): Promise<Sheet> {
    const checkedAt = wholeSeconds(now);
    const result = await this.sheets
      .createQueryBuilder()
      .update()
      .set({ checkedAt, reminderSentAt: null })
      .where("id = :id AND checkedAt >= :from AND checkedAt < :to", {
        id: service.id,
        from: new Date(checkedAtSeconds * 1000),
        to: new Date((checkedAtSeconds + 1) * 1000),
      })
      .execute();
    if (result.affected !== 1) throw new ConflictError(LINK_MESSAGES.used);
    await this.options.audit.record(actor, {
      itemType: AuditItemType.SERVICE,
      itemId: service.id,
      itemLabel: service.serviceName,
      action: AuditAction.CONFIRM,
      fields: ["checkedAt"],
    });
    return Object.assign(service, { checkedAt, reminderSentAt: null });
  }

  /** « Fiches à vérifier » (administrators): counts, and the sheets not confirmed for 6 months, oldest first. */
  async toReview(viewer: Viewer, page: number): Promise<{ counts: ReviewCounts; rows: ReviewRow[] }> {
    if (!canReviewSheets(viewer)) throw viewer.user ? new ForbiddenError() : new UnauthenticatedError();
    if (!Number.isInteger(page) || page < 0) throw new ValidationError("Le numéro de page doit être positif.");
    const now = this.now();
    const remindBefore = monthsBefore(now, SHEET_REMINDER_MONTHS);
    const count = (where: string, parameters: Record<string, unknown> = {}) =>
      this.sheets.createQueryBuilder("s").where(where, parameters).getCount();
    const counts = {
      toReview: await count("s.checkedAt < :before", { before: monthsBefore(now, SHEET_REVIEW_MONTHS) }),
      reminded: await count("s.reminderSentAt IS NOT NULL"),
      dueForReminder: await count("s.checkedAt < :before", { before: remindBefore }),
    };
    const services = await this.sheets
      .createQueryBuilder("s")
      .where("s.checkedAt < :before", { before: remindBefore })
      .orderBy("s.checkedAt", "ASC")
      .addOrderBy("s.id", "ASC")
      .skip(page * REVIEW_PAGE_SIZE)
      .take(REVIEW_PAGE_SIZE)
      .getMany();
    const ownerIds = [...new Set(services.map((service) => service.userIds[0]).filter(Boolean))];
    const owners = ownerIds.length ? await this.users.findBy({ id: In(ownerIds) }) : [];
    const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
    return { counts, rows: services.map((service) => ({ service, owner: ownerOf.get(service.userIds[0]) ?? null })) };
  }
}
