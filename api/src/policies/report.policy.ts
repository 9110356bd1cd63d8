import type { User } from "../modules/users/user.entity";
import { requireAdmin } from "./account.policy";
import { isAdmin, type Viewer } from "./viewer";

/**
 * Anyone, signed in or not, may report an error on what they can read (the media read
 * policy decides for articles). Reports name their sender's e-mail: only administrators
 * list them and mark them handled or rejected.
 */
export const canHandleReports = (viewer: Viewer): boolean => isAdmin(viewer);

/** The administrator handling reports; throws UNAUTHENTICATED or FORBIDDEN otherwise. */
export const requireReportHandler = (viewer: Viewer): User => requireAdmin(viewer);
