import { type DataSource, In, IsNull, LessThan, Not, type Repository } from "typeorm";
import { NotFoundError, TooManyRequestsError, ValidationError } from "../../errors";
import { logger } from "../../logger";
import { requireReportHandler } from "../../policies/report.policy";
import type { Viewer } from "../../policies/viewer";
import {
  INVALID_EMAIL_MESSAGE,
  isEmailAddress,
  cleanReportMessage,
  REPORT_MESSAGE_MAX,
  REPORT_MESSAGE_MIN,
  REPORT_MESSAGE_TOO_LONG,
  REPORT_MESSAGE_TOO_SHORT,
} from "../../shared/form-rules";
import { sortableId } from "../audit/audit.service";
import { type ThrottleRule, type ThrottleService } from "../auth/throttle.service";
import { cleanOptional } from "../common/clean-text";
import { PUBLIC_PAGE_SIZE } from "../common/pagination.inputs";
import type { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import type { MediaService } from "../media/media.service";
import { Category, UserStatus } from "../reference/reference.data";
import type { SheetService } from "../sheets/sheet.service";
import { User } from "../users/user.entity";
import { Report, ReportItemType, ReportStatus } from "./report.entity";
import type { ReportInput } from "./report.inputs";

/**
 * How many reports are taken: per client address (a person reports a few errors, a robot
 * many) and per item (a sheet whose owner is being flooded). Past either, the report is refused.
 */
export const REPORT_LIMITS: Record<"address" | "item", ThrottleRule> = {
  address: { max: 5, windowMs: 3600_000, blockMs: 3600_000 },
  item: { max: 20, windowMs: 86_400_000, blockMs: 86_400_000 },
};

export const TOO_MANY_REPORTS_MESSAGE =
  "Trop de signalements ont été envoyés depuis votre connexion ou pour cette page : réessayez plus tard.";

/** The admin list pages like the public lists. */
export const REPORT_PAGE_SIZE = PUBLIC_PAGE_SIZE;

export interface ReportPage {
  count: number;
  results: Report[];
  /** How many reports each status holds, in the order NEW, HANDLED, REJECTED. */
  counts: Array<{ status: ReportStatus; count: number }>;
}

/** What a report is about, as its e-mails and the admin list name it. */
interface ReportedItem {
  label: string;
  path: string;
  /** « la fiche de service », « l'article »: what the e-mails call it. */
  kind: string;
  ownerId: string | null;
  /** Where to write when the owner's account cannot be reached (a service sheet's own address). */
  fallbackEmail: string | null;
}

/** « Signaler une erreur »: reports taken from anyone, e-mailed to the item's owner, handled by administrators. */
export class ReportService {
  private readonly reports: Repository<Report>;
  private readonly users: Repository<User>;

  constructor(
    dataSource: DataSource,
    private readonly deps: {
      media: MediaService;
      sheets: SheetService;
      throttle: ThrottleService;
      mailer: Mailer;
      publicUrl: string;
      now?: () => Date;
    },
  ) {
    this.reports = dataSource.getRepository(Report);
    this.users = dataSource.getRepository(User);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Takes a report from `ip`. A filled honeypot is answered as a success, with nothing
   * stored or sent; past a limit nothing is stored either.
   */
  async submit(viewer: Viewer, ip: string, input: ReportInput): Promise<void> {
    if (input.website?.trim()) {
      logger.info("report.honeypot", { ip });
      return;
    }
    const message = cleanReportMessage(input.message);
    if (message.length < REPORT_MESSAGE_MIN) {
      throw new ValidationError(REPORT_MESSAGE_TOO_SHORT, { message: REPORT_MESSAGE_TOO_SHORT });
    }
    if (message.length > REPORT_MESSAGE_MAX) {
      throw new ValidationError(REPORT_MESSAGE_TOO_LONG, { message: REPORT_MESSAGE_TOO_LONG });
    }
    const email = cleanOptional(input.email)?.toLowerCase() ?? null;
    if (email !== null && !isEmailAddress(email)) {
      throw new ValidationError(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
    }

    const item = await this.reportedItem(viewer, input.itemType, input.itemId);
    const now = this.now();
    const keys = { address: `report:ip:${ip}`, item: `report:item:${input.itemType}:${input.itemId}` };
    const wait = await this.deps.throttle.blockedSeconds(Object.values(keys), now);
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_REPORTS_MESSAGE, wait);

    await this.reports.insert({
      id: sortableId(now.getTime()),
      itemType: input.itemType,
      itemId: input.itemId,
      itemLabel: item.label.slice(0, 255),
      itemPath: item.path,
      message,
      reporterEmail: email,
      status: ReportStatus.NEW,
      createdAt: now,
      handledAt: null,
      handledBy: null,
    });
    await Promise.all([
      this.deps.throttle.fail(keys.address, REPORT_LIMITS.address, now),
      this.deps.throttle.fail(keys.item, REPORT_LIMITS.item, now),
    ]);
    await this.notify(item, message, email);
  }

  /** The item if the viewer may read it; anything else is « introuvable », as everywhere in the API. */
  private async reportedItem(viewer: Viewer, type: ReportItemType, id: string): Promise<ReportedItem> {
    if (type === ReportItemType.SERVICE) {
      const service = await this.deps.sheets.findById(id);
      return {
        label: service.serviceName,
        path: `/services/${service.id}`,
        kind: "la fiche de service",
        ownerId: service.userIds[0] ?? null,
        fallbackEmail: service.email || null,
      };
    }
    if (type === ReportItemType.MEDIA) {
      const media = await this.deps.media.findVisible(viewer, id);
      const section = media.categories.includes(Category.RESOURCE) ? "ressources" : "actualites";
      return {
        label: media.title,
        path: `/${section}/${media.id}`,
        kind: "l'article",
        ownerId: media.userIds[0] ?? null,
        fallbackEmail: null,
      };
    }
    throw new NotFoundError();
  }

  /**
   * The owner's account gets the report (Reply-To: the reporter, if they left an address);
   * the reporter gets an acknowledgement that does not repeat their message, so the form
   * cannot be used to send chosen words to someone else. A failed delivery is logged: the
   * report stays listed for the administrators.
   */
  private async notify(item: ReportedItem, message: string, reporterEmail: string | null): Promise<void> {
    const { mailer, publicUrl } = this.deps;
    const target = { kind: item.kind, label: item.label, link: `${publicUrl}${item.path}` };
    const owner = item.ownerId ? await this.users.findOneBy({ id: item.ownerId }) : null;
    const ownerEmail = owner && owner.status !== UserStatus.DELETED ? owner.email : item.fallbackEmail;
    const sends: Array<Promise<void>> = [];
    if (ownerEmail) {
      sends.push(
        mailer.send({
          to: ownerEmail,
          ...(reporterEmail ? { replyTo: reporterEmail } : {}),
          ...mailTemplates.errorReportToOwner(publicUrl, target, message, reporterEmail),
        }),
      );
    }
    if (reporterEmail)
      sends.push(mailer.send({ to: reporterEmail, ...mailTemplates.errorReportAcknowledgement(publicUrl, target) }));
    const results = await Promise.allSettled(sends);
    for (const result of results) {
      if (result.status === "rejected") logger.warn("report.mail_failed", { error: String(result.reason) });
    }
  }

  /** A page of reports, newest first, of one status or all (administrators). */
  async list(viewer: Viewer, status: ReportStatus | null, page: number): Promise<ReportPage> {
    requireReportHandler(viewer);
    if (!Number.isInteger(page) || page < 0) throw new ValidationError("Le numéro de page doit être positif.");
    const [results, count] = await this.reports.findAndCount({
      where: status ? { status } : {},
      order: { createdAt: "DESC", id: "DESC" },
      skip: page * REPORT_PAGE_SIZE,
      take: REPORT_PAGE_SIZE,
    });
    const rows: Array<{ status: ReportStatus; count: string | number }> = await this.reports
      .createQueryBuilder("r")
      .select("r.status", "status")
      .addSelect("COUNT(*)", "count")
      .groupBy("r.status")
      .getRawMany();
    const counts = Object.values(ReportStatus).map((value) => ({
      status: value,
      count: Number(rows.find((row) => row.status === value)?.count ?? 0),
    }));
    return { count, results, counts };
  }

  /** Marks a report handled or rejected (or new again), recording who and when (administrators). */
  async setStatus(viewer: Viewer, id: string, status: ReportStatus): Promise<Report> {
    const admin = requireReportHandler(viewer);
    const report = await this.reports.findOneBy({ id });
    if (!report) throw new NotFoundError("Ce signalement est introuvable.");
    const handled = status !== ReportStatus.NEW;
    report.status = status;
    report.handledAt = handled ? this.now() : null;
    report.handledBy = handled ? `${admin.surname} ${admin.name}`.slice(0, 150) : null;
    await this.reports.save(report);
    return report;
  }

  /**
   * What the legal notice promises of reports (PersonalDataService): one handled or rejected
   * before `cutoff` is removed; the address left with one still open since before it is erased.
   */
  async purgePastRetention(cutoff: Date): Promise<{ reports: number; reportEmails: number }> {
    const removed = await this.reports.delete({
      status: In([ReportStatus.HANDLED, ReportStatus.REJECTED]),
      // Handled after it was made: the creation date narrows the read to the status index's range.
      createdAt: LessThan(cutoff),
      handledAt: LessThan(cutoff),
    });
    const erased = await this.reports.update(
      { createdAt: LessThan(cutoff), reporterEmail: Not(IsNull()) },
      { reporterEmail: null },
    );
    return { reports: removed.affected ?? 0, reportEmails: erased.affected ?? 0 };
  }
}
