import { useEffect } from "react";

export const PORTAL_NAME = "Portail parentalité";

/** Each route names itself in the browser tab and for screen readers. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} – ${PORTAL_NAME}` : PORTAL_NAME;
  }, [title]);
}
