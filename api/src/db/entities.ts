import { AuditEntry } from "../modules/audit/audit-entry.entity";
import { Session } from "../modules/auth/session.entity";
import { ThrottleEntry } from "../modules/auth/throttle.entity";
import { UserToken } from "../modules/auth/user-token.entity";
import { Town } from "../modules/geo/town.entity";
import { PortalSetting } from "../modules/instances/portal-setting.entity";
import { JobLease } from "../modules/jobs/job-lease.entity";
import { MediaFacet } from "../modules/media/media-facet.entity";
import { Media } from "../modules/media/media.entity";
import { Report } from "../modules/reports/report.entity";
import { AlertDelivery, SearchAlert } from "../modules/alerts/alert.entity";
import { SheetFacet } from "../modules/sheets/sheet-facet.entity";
import { Sheet } from "../modules/sheets/sheet.entity";
import { StoredFileChunk } from "../modules/uploads/stored-file-chunk.entity";
import { UploadedFile } from "../modules/uploads/uploaded-file.entity";
import { User } from "../modules/users/user.entity";

export const entities = [
  User,
  Media,
  MediaFacet,
  Sheet,
  SheetFacet,
  Town,
  Session,
  UserToken,
  ThrottleEntry,
  UploadedFile,
  AuditEntry,
  JobLease,
  Report,
  SearchAlert,
  AlertDelivery,
  StoredFileChunk,
  PortalSetting,
];
