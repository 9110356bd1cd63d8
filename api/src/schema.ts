import { GraphQLSchema, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { AuthResolver } from "./modules/auth/auth.resolver";
import { AddressResolver, GeoResolver } from "./modules/geo/geo.resolver";
import { MediaResolver } from "./modules/media/media.resolver";
import { ReferenceResolver } from "./modules/reference/reference.graphql";
import { SiteResolver } from "./modules/site/site.resolver";
import { ServiceResolver } from "./modules/structures/service.resolver";
import { UploadResolver } from "./modules/uploads/upload.resolver";
import { UserResolver } from "./modules/users/user.resolver";

export const resolvers = [
  ReferenceResolver,
  SiteResolver,
  GeoResolver,
  AddressResolver,
  AuthResolver,
  UserResolver,
  MediaResolver,
  ServiceResolver,
  UploadResolver,
] as const;

export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    validate: { forbidUnknownValues: false },
  });
}

const HEADER = "# Generated from the TypeGraphQL classes by `npm run schema`. Do not edit.\n\n";

/** The schema as committed in schema/schema.graphql (sorted, so diffs stay readable). */
export function printCommittedSchema(schema: GraphQLSchema): string {
  return HEADER + printSchema(lexicographicSortSchema(schema)) + "\n";
}
