import { accountRoutes } from "./account-routes";
import { alertRoutes } from "./alert-routes";
import { mediaWriteRoutes } from "./media-routes";
import type { RestRoute } from "./routes";
import { routes } from "./routes";
import { serviceWriteRoutes } from "./service-routes";

/** Every documented /api/* path, in the order they are mounted. */
export const restTable: readonly RestRoute[] = [
  ...routes,
  ...mediaWriteRoutes,
  ...serviceWriteRoutes,
  ...accountRoutes,
  ...alertRoutes,
];
