import { useEffect } from "react";
import { PORTAL_NAME } from "../rules";
import { useRenderContext } from "../ssr/render-context";

export const pageTitle = (title: string | null | undefined) => (title ? `${title} – ${PORTAL_NAME}` : PORTAL_NAME);

/**
 * Each route names itself in the browser tab and for screen readers; on the server the
 * title goes into the HTML's <head>.
 */
export function usePageTitle(title: string | null | undefined) {
  const context = useRenderContext();
  if (context && title) context.title = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
