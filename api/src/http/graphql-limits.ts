import { type ApolloServerPlugin } from "@apollo/server";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { getVariableValues, GraphQLError, type ValidationContext, type ValidationRule } from "graphql";
import { operationCost } from "./query-cost";

/**
 * What one GraphQL operation may ask (introspection, which the explorer needs, excepted).
 * docs/api.md gives these figures to API users; `graphql-limits.int.test.ts` keeps every
 * operation of the web and of the REST table, at the largest page, under half the cost.
 */
export const QUERY_LIMITS = {
  /** Levels of fields, fragments included. */
  depth: 10,
  /** See `COST_MODEL` (query-cost.ts): fields, and the rows each page asks for. */
  cost: 10_000,
  /** Aliased fields (the same field asked many times under other names). */
  aliases: 15,
};

const found = (error: GraphQLError) => /found (\d+)/.exec(error.message)?.[1] ?? "?";

/** Marks a refusal as the portal's own, in French (formatError keeps its message). */
const limitError = (message: string, http?: { status: number }) =>
  new GraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX", limit: true, ...(http ? { http } : {}) } });

/** Each refusal is a validation error in French, with the limit and what the query asked. */
const refuse = (message: (error: GraphQLError) => string) => (context: ValidationContext | null, error: GraphQLError) =>
  context?.reportError(limitError(message(error)));

export const costRefusalMessage = (cost: number, limit: number): string =>
  `La requête demande trop de champs : coût ${cost}, ${limit} au plus. Demandez moins de champs ou des pages plus petites.`;

/** graphql-armor's depth and alias rules with the portal's limits and messages. */
export function queryLimitRules(limits: typeof QUERY_LIMITS = QUERY_LIMITS): ValidationRule[] {
  return [
    maxDepthRule({
      ignoreIntrospection: true,
      flattenFragments: true,
      propagateOnRejection: false,
      n: limits.depth,
      onReject: [refuse((error) => `La requête est trop profonde : ${found(error)} niveaux, ${limits.depth} au plus.`)],
    }),
    maxAliasesRule({
      n: limits.aliases,
      // `__typename` under aliases counts too: the library leaves it out by default, and the
      // documented limit is on every aliased field.
      allowList: [],
      propagateOnRejection: false,
      onReject: [refuse((error) => `La requête a trop d'alias : ${found(error)}, ${limits.aliases} au plus.`)],
    }),
  ] as unknown as ValidationRule[];
}

/**
 * The cost limit, checked once the operation is known and before it runs: a page size often
 * comes in the variables, which validation rules do not see (and Apollo keeps a document's
 * validation for every later request with other variables). Refused with 400, as validation is.
 */
export function queryCostLimit(limits: typeof QUERY_LIMITS = QUERY_LIMITS): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          // Always known by this stage; the type allows none.
          if (!operation) return;
          const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          // Variables of the wrong type: execution refuses them without running anything.
          if (variables.errors) return;
          const cost = operationCost(schema, document, operation, variables.coerced);
          if (cost > limits.cost) throw limitError(costRefusalMessage(cost, limits.cost), { status: 400 });
        },
      };
    },
  };
}
