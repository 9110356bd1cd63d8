import { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { Role } from "../../generated/graphql";
import { PageLoader } from "../../ui/PageLoader";
import { useSession } from "./session";

/** Spec §2 guards: a route for some roles only; anyone else goes back to the home page. */
export function RequireRole({ roles, children }: { roles: Array<Role | "BASIC_USER">; children: ReactNode }) {
  const { role, ready, user } = useSession();
  if (!ready && !user) return <PageLoader />;
  if (!roles.includes(role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
