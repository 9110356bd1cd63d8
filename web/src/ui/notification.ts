/**
 * What both halves of the notification bar speak of: toaster.tsx (in every page; it loads the
 * other half on demand) and ToasterView.tsx (loaded with the first notification; it shows them).
 * The view imports nothing of toaster.tsx: no import circle between the two.
 */
export type NotificationType = "success" | "error";
