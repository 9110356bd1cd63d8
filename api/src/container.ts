import { type DataSource } from "typeorm";
import { isDatabaseBusy, isDatabaseUnreachable, logDatabaseOutage } from "./db/outage";
import { type AnonymousGate } from "./db/anonymous-gate";
import { type Config } from "./config";
import { AuthService } from "./modules/auth/auth.service";
import { LinkTokenService } from "./modules/auth/link-token.service";
import { PasswordService } from "./modules/auth/password.service";
import { SessionService } from "./modules/auth/session.service";
import { ThrottleService } from "./modules/auth/throttle.service";
import { AddressService } from "./modules/geo/address.service";
import { BasemapService, firstTile } from "./modules/geo/basemap.service";
import { ContactService } from "./modules/contact/contact.service";
import { GeoService } from "./modules/geo/geo.service";
import { type Geocoder } from "./modules/geo/geocoder";
import { GeoplateformeGeocoder } from "./modules/geo/geoplateforme-geocoder";
import { MapboxGeocoder } from "./modules/geo/mapbox-geocoder";
import { type TownData } from "./modules/geo/town-data";
import { createMailer, type Mailer } from "./modules/mail/mailer";
import { MediaEditorService } from "./modules/media/media-editor.service";
import { MediaService } from "./modules/media/media.service";
import { databaseStorage } from "./modules/uploads/database-storage";
import { diskStorage, type Storage } from "./modules/uploads/storage";
import { UploadService } from "./modules/uploads/upload.service";
import { SheetEditorService } from "./modules/sheets/sheet-editor.service";
import { SheetHandOverService } from "./modules/sheets/sheet-hand-over";
import { SheetService } from "./modules/sheets/sheet.service";
import { UserService } from "./modules/users/user.service";
import { AuditService } from "./modules/audit/audit.service";
import { alertHousekeepingJob } from "./modules/alerts/alert-housekeeping.job";
import { AlertService } from "./modules/alerts/alert.service";
import { PublicationScheduler } from "./modules/media/publication-scheduler";
import { type Clock, systemClock } from "./modules/common/clock";
import { FreshnessService, sheetRemindersJob } from "./modules/freshness/freshness.service";
import { expiredRowsJob } from "./modules/auth/expired-rows.job";
import { JobRunner } from "./modules/jobs/job-runner";
import { alertDigestJob, DigestService } from "./modules/alerts/digest";
import { ReportService } from "./modules/reports/report.service";
import { personalDataJob } from "./modules/users/personal-data.job";
import { PersonalDataService } from "./modules/users/personal-data.service";

/**
 * The service container: the application's services, built once per process and
 * shared by GraphQL and REST (resolvers reach them as `ctx.services`).
 */
export interface Services {
  audit: AuditService;
  media: MediaService;
  mediaEditor: MediaEditorService;
  publication: PublicationScheduler;
  uploads: UploadService;
  sheets: SheetService;
  sheetEditor: SheetEditorService;
  /** The sheets of an account being deleted: shown to the administrator, handed over. */
  sheetHandOver: SheetHandOverService;
  geo: GeoService;
  addresses: AddressService;
  basemap: BasemapService;
  sessions: SessionService;
  auth: AuthService;
  passwords: PasswordService;
  users: UserService;
  contact: ContactService;
  reports: ReportService;
  personalData: PersonalDataService;
  /** « Me prévenir »: alerts on a search, without an account. */
  alerts: AlertService;
  mailer: Mailer;
  /** The one clock (tests move it). */
  clock: Clock;
  freshness: FreshnessService;
  /** « Me prévenir »: the saved searches' e-mail digests (run by the alert-digests job). */
  alertDigests: DigestService;
  /** Background work, run once across instances (leases in the database). */
  jobs: JobRunner;
  /** Visitors' searches and pages, on the replica when DATABASE_READ_URL is set (else the primary's). */
  visitorReads: PublicReads;
}

/** The reads of public content: searches and detail pages of media and services. */
export interface PublicReads {
  media: Pick<MediaService, "search" | "findVisible">;
  sheets: Pick<SheetService, "search" | "findById">;
}

/**
 * Visitors' reads on the replica; while the replica is out of reach, on the primary (logged as
 * an outage of the replica): a replica down never takes the public pages down with it. A replica
 * that answers but is busy (its anonymous share used up, a statement past its limit) is not
 * replaced: the primary would take the same load.
 */
function replicaReads(replica: DataSource, primary: PublicReads, geo: GeoService, clock: Clock): PublicReads {
  const media = new MediaService(replica, geo);
  const sheets = new SheetService(replica, geo, () => clock.now());
  /** A read on the replica that, if the replica cannot be reached, is made on the primary. */
  const orPrimary =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>, fallback: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await read(...args);
      } catch (error) {
        if (!isDatabaseUnreachable(error) || isDatabaseBusy(error)) throw error;
        logDatabaseOutage("replica", error);
        return fallback(...args);
      }
    };
  return {
    media: {
      search: orPrimary(media.search.bind(media), primary.media.search.bind(primary.media)),
      findVisible: orPrimary(media.findVisible.bind(media), primary.media.findVisible.bind(primary.media)),
    },
    sheets: {
      search: orPrimary(sheets.search.bind(sheets), primary.sheets.search.bind(primary.sheets)),
      findById: orPrimary(sheets.findById.bind(sheets), primary.sheets.findById.bind(primary.sheets)),
    },
  };
}

/**
 * One request's public reads through the anonymous share (db/anonymous-gate.ts): each search or
 * detail page waits its turn, fairly by address, or is refused (503) beyond the share.
 */
export function sharedReads(reads: PublicReads, share: AnonymousGate, address: string): PublicReads {
  const request = {};
  const { media, sheets } = reads;
  return {
    media: {
      search: (...args) => share.run(address, request, () => media.search(...args)),
      findVisible: (...args) => share.run(address, request, () => media.findVisible(...args)),
    },
    sheets: {
      search: (...args) => share.run(address, request, () => sheets.search(...args)),
      findById: (...args) => share.run(address, request, () => sheets.findById(...args)),
    },
  };
}

export function createServices(
  dataSource: DataSource,
  towns: TownData,
  config: Config,
  /** A replica of `dataSource` for visitors' reads (DATABASE_READ_URL), if any. */
  readSource: DataSource | null = null,
): Services {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const sessions = new SessionService(dataSource, config.sessionSecret);
  const throttle = new ThrottleService(dataSource);
  const tokens = new LinkTokenService(dataSource, config.publicUrl);
  const geo = new GeoService(dataSource, towns);
  const media = new MediaService(dataSource, geo);
  const uploads = new UploadService(dataSource, uploadStorage(dataSource, config));
  const addresses = new AddressService(geo, createGeocoder(config), config.departmentCode);
  const audit = new AuditService(dataSource);
  const clock = systemClock();
  // « Ouvert maintenant » reads the one clock.
  const sheets = new SheetService(dataSource, geo, () => clock.now());
  const sheetEditor = new SheetEditorService(dataSource, sheets, geo, audit, clock);
  const freshness = new FreshnessService(dataSource, {
    clock,
    mailer,
    audit,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    contactEmail: config.site.contactEmail,
    sheetEditor,
  });
  const jobs = new JobRunner(dataSource, config.jobCheckSeconds * 1000, clock);
  jobs.register(sheetRemindersJob(freshness));
  jobs.register(expiredRowsJob(throttle, tokens));
  const reports = new ReportService(dataSource, { media, sheets, throttle, mailer, publicUrl: config.publicUrl });
  const personalData = new PersonalDataService(dataSource, { sessions, tokens, audit, reports });
  const sheetHandOver = new SheetHandOverService(dataSource, audit);
  jobs.register(personalDataJob(personalData));
  const alerts = new AlertService(dataSource, {
    clock,
    mailer,
    throttle,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  });
  jobs.register(alertHousekeepingJob(alerts, mailer, config.publicUrl));
  const alertDigests = new DigestService(dataSource, {
    clock,
    mailer,
    geo,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    instanceId: jobs.instanceId,
  });
  jobs.register(alertDigestJob(alertDigests, config.alertDigestSeconds * 1000));
  const visitorReads: PublicReads = readSource
    ? replicaReads(readSource, { media, sheets }, geo, clock)
    : { media, sheets };
  return {
    visitorReads,
    audit,
    media,
    mediaEditor: new MediaEditorService(media, uploads, geo, audit),
    publication: new PublicationScheduler(media, audit, config.publishCheckSeconds * 1000),
    uploads,
    sheets,
    sheetEditor,
    sheetHandOver,
    geo,
    addresses,
    basemap: new BasemapService(basemapProbeUrl(config)),
    sessions,
    auth: new AuthService(dataSource, sessions, throttle),
    passwords: new PasswordService({ dataSource, tokens, sessions, throttle, mailer, publicUrl: config.publicUrl }),
    users: new UserService({
      dataSource,
      geo,
      addresses,
      mailer,
      tokens,
      sessions,
      throttle,
      publicUrl: config.publicUrl,
      contactEmail: config.site.contactEmail,
      audit,
      personalData,
      sheets: sheetHandOver,
    }),
    contact: new ContactService(mailer, throttle, config.publicUrl, config.site.contactEmail),
    reports,
    personalData,
    alerts,
    mailer,
    clock,
    freshness,
    alertDigests,
    jobs,
  };
}

/** Where uploaded files are kept (UPLOAD_STORAGE): a directory, or the database every instance shares. */
export function uploadStorage(dataSource: DataSource, config: Pick<Config, "uploadStorage" | "uploadsDir">): Storage {
  return config.uploadStorage === "database" ? databaseStorage(dataSource) : diskStorage(config.uploadsDir);
}

/** What tells whether the maps' basemap answers: Mapbox's style (browsers load it there), else the first tile. */
function basemapProbeUrl(config: Config): string {
  return config.mapboxToken
    ? `https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token=${encodeURIComponent(config.mapboxToken)}`
    : firstTile(config.basemapUrl);
}

/** Mapbox when a token is configured, otherwise the national address API. */
function createGeocoder(config: Config): Geocoder {
  const { url, mapboxUrl, timeoutMs } = config.geocoder;
  return config.mapboxToken
    ? new MapboxGeocoder(mapboxUrl, config.mapboxToken, timeoutMs)
    : new GeoplateformeGeocoder(url, timeoutMs);
}
