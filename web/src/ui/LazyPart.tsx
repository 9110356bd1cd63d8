import { type ReactNode, Suspense } from "react";
import { LoadFailureBoundary } from "./LoadFailureBoundary";

/**
 * Where a part loaded on demand (lazyLoad: a dialog, a menu, an editor, the map, the filters) is
 * shown: `fallback` while its code comes; if it cannot come (a phone gone offline, a new
 * version), a short message in its place, fetched again on « Réessayer » or once back online.
 * The page around it stays, and so does what was typed in it.
 */
export function LazyPart({
  fallback = null,
  failed,
  children,
}: {
  fallback?: ReactNode;
  /** What stands in the part's place when its code failed (default: the short message). */
  failed?: (retry: () => void) => ReactNode;
  children: ReactNode;
}) {
  return (
    <LoadFailureBoundary part partFailed={failed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}
