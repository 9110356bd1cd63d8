import { isAdmin, type Viewer } from "./viewer";

/**
 * Whether the viewer may attach an upload to a media: one they sent themself, one the
 * media already has, or any for an administrator. An upload's link is public, but
 * attaching someone else's file would make it look like the viewer's own.
 */
export function canAttachUpload(viewer: Viewer, upload: { uploadedBy: string }, alreadyAttached: boolean): boolean {
  if (!viewer.user) return false;
  return alreadyAttached || isAdmin(viewer) || upload.uploadedBy === viewer.user.id;
}
