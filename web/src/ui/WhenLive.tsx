import { type ReactNode } from "react";
import { useHydrated } from "./useHydrated";

/**
 * Shows its children once the page is live (useHydrated): actions whose tap must always do
 * something. Only this small part is drawn again when the page comes alive, not the page around
 * it: on a phone that redraw is one uninterrupted task.
 */
export function WhenLive({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
