import { type DataSource } from "typeorm";
import { type Config } from "./config";
import { type Loaders } from "./loaders";
import { type HttpSession } from "./modules/auth/http-session";
import type { Viewer } from "./policies/viewer";
import { type PublicReads, type Services } from "./container";

/** What every resolver receives, for GraphQL and for REST rows alike. */
export interface Context {
  viewer: Viewer;
  http: HttpSession;
  config: Config;
  dataSource: DataSource;
  services: Services;
  /**
   * Where public searches and detail pages are read: a visitor's from the replica when there is
   * one; a signed-in account's (who writes, and must see what they just wrote) from the primary.
   */
  reads: PublicReads;
  loaders: Loaders;
}
