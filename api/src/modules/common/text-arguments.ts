import {
  getNullableType,
  type GraphQLArgument,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  type GraphQLSchema,
  isScalarType,
} from "graphql";
import { Extensions } from "type-graphql";
import { withoutBidiControls } from "./clean-text";

/**
 * Marks an input field whose text is kept as sent, bidirectional controls included: a text of
 * several lines (an article, a message, where they may order a right-to-left paragraph), or a
 * password. Every other text an operation receives is a single line (see `singleLineArguments`).
 */
export const KeptAsSent = () => Extensions({ keptAsSent: true });

/** A value of `type` with the bidirectional controls out of its single-line texts. */
function cleaned(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (nullable instanceof GraphQLList) {
    return Array.isArray(value) ? value.map((item) => cleaned(item, nullable.ofType)) : cleaned(value, nullable.ofType);
  }
  if (nullable instanceof GraphQLInputObjectType) {
    const fields = nullable.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, inner]) => {
        const field = fields[name];
        return [name, field && !field.extensions.keptAsSent ? cleaned(inner, field.type) : inner];
      }),
    );
  }
  return isScalarType(nullable) && nullable.name === "String" && typeof value === "string"
    ? withoutBidiControls(value)
    : value;
}

const cleanedArguments = (args: Record<string, unknown>, definitions: readonly GraphQLArgument[]) =>
  Object.fromEntries(
    definitions
      .filter((argument) => argument.name in args)
      .map((argument) => [argument.name, cleaned(args[argument.name], argument.type)]),
  );

/**
 * Takes the bidirectional controls out of every single-line text the operations receive (names,
 * titles, towns, addresses, phones, e-mails…), before TypeGraphQL validates it: one place for
 * GraphQL and the REST table, which runs the same schema. Only the root fields take texts, so
 * only their resolvers are wrapped; the fields of each row are not.
 */
export function singleLineArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const resolve = field.resolve;
      if (!resolve || field.args.length === 0) continue;
      field.resolve = (source, args, context, info) =>
        resolve(source, cleanedArguments(args, field.args), context, info);
    }
  }
  return schema;
}
