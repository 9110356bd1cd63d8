import { DataSource } from "typeorm";
import { Config } from "./config";
import { Loaders } from "./loaders";
import { HttpSession } from "./modules/auth/http-session";
import { Role } from "./modules/reference/reference.data";
import { User } from "./modules/users/user.entity";
import { Services } from "./services";

/** Who is asking: a signed-in user, or an anonymous visitor (role BASIC_USER). */
export interface Viewer {
  user: User | null;
  role: Role;
}

export const ANONYMOUS: Viewer = Object.freeze({ user: null, role: Role.BASIC_USER });

export const viewerOf = (user: User | null): Viewer => (user ? { user, role: user.role } : ANONYMOUS);

/** What every resolver receives, for GraphQL and for REST rows alike. */
export interface Context {
  viewer: Viewer;
  http: HttpSession;
  config: Config;
  dataSource: DataSource;
  services: Services;
  loaders: Loaders;
}
