import { type GraphQLSchema, lexicographicSortSchema, printSchema } from "graphql";
import { type AuthChecker, buildSchema } from "type-graphql";
import { type Context } from "./context";
import { ForbiddenError, UnauthenticatedError } from "./errors";
import { type Role } from "./modules/reference/reference.data";
import { AlertResolver } from "./modules/alerts/alert.resolver";
import { AuditResolver } from "./modules/audit/audit.resolver";
import { singleLineArguments } from "./modules/common/text-arguments";
import { AuthResolver } from "./modules/auth/auth.resolver";
import { PasswordResolver } from "./modules/auth/password.resolver";
import { ContactResolver } from "./modules/contact/contact.resolver";
import { FreshnessResolver } from "./modules/freshness/freshness.resolver";
import { AddressResolver, GeoResolver } from "./modules/geo/geo.resolver";
import { MediaResolver } from "./modules/media/media.resolver";
import { ReportResolver } from "./modules/reports/report.resolver";
import { ReferenceResolver } from "./modules/reference/reference.resolver";
import { SiteResolver } from "./modules/site/site.resolver";
import { SheetResolver } from "./modules/sheets/sheet.resolver";
import { AvailabilityResolver } from "./modules/sheets/availability.resolver";
import { SheetHandOverResolver } from "./modules/sheets/sheet-hand-over.resolver";
import { UploadResolver } from "./modules/uploads/upload.resolver";
import { UserResolver } from "./modules/users/user.resolver";

export const resolvers = [
  ReferenceResolver,
  SiteResolver,
  GeoResolver,
  AddressResolver,
  AuthResolver,
  PasswordResolver,
  UserResolver,
  ContactResolver,
  MediaResolver,
  SheetResolver,
  AvailabilityResolver,
  SheetHandOverResolver,
  FreshnessResolver,
  UploadResolver,
  AuditResolver,
  ReportResolver,
  AlertResolver,
] as const;

/**
 * `@Authorized()` on an operation: signed in; `@Authorized(Role.ADMIN)`: that role.
 * It runs before the arguments are validated, so a visitor learns nothing about
 * an operation's input; the services then apply the detailed policies.
 */
const authChecker: AuthChecker<Context, Role> = ({ context }, roles) => {
  if (!context.viewer.user) throw new UnauthenticatedError();
  if (roles.length > 0 && !roles.includes(context.viewer.role)) throw new ForbiddenError();
  return true;
};

export async function createSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    authChecker,
    validate: { forbidUnknownValues: false },
  });
  return singleLineArguments(schema);
}

const HEADER = "# Generated from the TypeGraphQL classes by `npm run schema`. Do not edit.\n\n";

/** The schema as committed in schema/schema.graphql (sorted, so diffs stay readable). */
export function printCommittedSchema(schema: GraphQLSchema): string {
  return HEADER + printSchema(lexicographicSortSchema(schema)) + "\n";
}
