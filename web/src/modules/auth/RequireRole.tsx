import { type ReactNode } from "react";
import { type Role } from "../../generated/accounts";
import { PageLoader } from "../../ui/PageLoader";
import { Redirect } from "../../ui/Redirect";
import { useSession } from "./session";

/** Spec §2 guards: a route for some roles only; anyone else goes back to the home page. */
export function RequireRole({ roles, children }: { roles: Array<Role | "BASIC_USER">; children: ReactNode }) {
  const { role, ready, user } = useSession();
  if (!ready && !user) return <PageLoader />;
  if (!roles.includes(role)) return <Redirect to="/" />;
  return <>{children}</>;
}
