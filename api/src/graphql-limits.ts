import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { GraphQLError, type ValidationContext, type ValidationRule } from "graphql";

/**
 * What one GraphQL operation may ask (introspection, which the explorer needs, excepted).
 * The portal's own costliest operation (an article's page) costs 74 and the deepest is 4 levels
 * deep; the README gives these figures to API users.
 */
export const QUERY_LIMITS = {
  /** Levels of fields, fragments included. */
  depth: 10,
  /** graphql-armor's static estimate (2 per object field, 1 per scalar, × 1.5 per level of depth; pages are not counted). */
  cost: 1000,
  /** Aliased fields (the same field asked many times under other names). */
  aliases: 15,
};

const found = (error: GraphQLError) => /found (\d+)/.exec(error.message)?.[1] ?? "?";

/** Each refusal is a validation error in French, with the limit and what the query asked. */
const refuse = (message: (error: GraphQLError) => string) => (context: ValidationContext | null, error: GraphQLError) =>
  context?.reportError(new GraphQLError(message(error), { extensions: { code: "QUERY_TOO_COMPLEX", limit: true } }));

/** graphql-armor's validation rules with the portal's limits and messages. */
export function queryLimitRules(limits: typeof QUERY_LIMITS = QUERY_LIMITS): ValidationRule[] {
  const common = { ignoreIntrospection: true, flattenFragments: true, propagateOnRejection: false } as const;
  return [
    maxDepthRule({
      ...common,
      n: limits.depth,
      onReject: [refuse((error) => `La requête est trop profonde : ${found(error)} niveaux, ${limits.depth} au plus.`)],
    }),
    costLimitRule({
      ...common,
      maxCost: limits.cost,
      onReject: [
        refuse(
          (error) =>
            `La requête demande trop de champs : coût ${found(error)}, ${limits.cost} au plus. Demandez moins de champs ou des pages plus petites.`,
        ),
      ],
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
