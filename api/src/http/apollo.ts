import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { type Config } from "../config";
import type { Context } from "../context";
import { createSchema } from "../schema";
import { databaseOutageStatus, enumValuesOf, formatErrorFor } from "./graphql-errors";
import { queryCostLimit, queryLimitRules } from "./graphql-limits";

/** The GraphQL server, started: /graphql, the REST table, feeds and server-rendered pages run their operations through it. */
export async function startApollo(config: Config): Promise<ApolloServer<Context>> {
  const schema = await createSchema();
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.graphqlExplorer,
    formatError: formatErrorFor({ production: config.env === "production", enumValues: enumValuesOf(schema) }),
    includeStacktraceInErrorResponses: false,
    // Depth, alias and cost limits of one operation (documented in docs/api.md).
    validationRules: queryLimitRules(),
    // No HTTP cache hints are used: without this, a plugin would wrap every field's resolver.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      databaseOutageStatus,
      queryCostLimit(),
    ],
    // The portal stops Apollo itself, after the requests in flight (portal.close): Apollo's own
    // signal handlers would refuse them at once, then kill the process.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  return apollo;
}
