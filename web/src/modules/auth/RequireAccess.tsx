import { type ReactNode } from "react";
import { PageLoader } from "../../ui/PageLoader";
import { Redirect } from "../../ui/Redirect";
import { type Abilities, useSession } from "./session";

/** Who a route is for: visitors only (sign-in), or accounts the server grants an ability. */
export type Access = "visitor" | keyof Pick<Abilities, "publish" | "manageUsers">;

/** Spec §2 guards: a route for some accounts only; anyone else goes back to the home page. */
export function RequireAccess({ to, children }: { to: Access; children: ReactNode }) {
  const { user, can, ready } = useSession();
  if (!ready && !user) return <PageLoader />;
  const allowed = to === "visitor" ? user === null : can[to];
  if (!allowed) return <Redirect to="/" />;
  return <>{children}</>;
}
