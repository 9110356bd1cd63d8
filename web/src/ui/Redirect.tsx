import { Navigate } from "react-router-dom";
import { useServerRedirect } from "../ssr/render-context";

/** Sends the visitor elsewhere: an HTTP redirection from the server, a navigation in the browser. */
export function Redirect({ to, permanent = false }: { to: string; permanent?: boolean }) {
  useServerRedirect(to, permanent ? 301 : 302);
  return <Navigate to={to} replace />;
}
