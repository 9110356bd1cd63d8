import { GraphQLID, GraphQLScalarType, type ValueNode } from "graphql";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The portal's identifiers are lower-case UUIDs; a client may write them in capitals. */
const lowerUuid = (value: string) => (UUID.test(value) ? value.toLowerCase() : value);

/**
 * GraphQL's `ID`, as the specification defines it (the schema still says `ID`), that reads a UUID
 * in capitals (as some platforms print them) as the same identifier: MySQL's collation compares
 * them without case, SQLite would not find them. Other identifiers (town codes…) are read as sent.
 */
export const ID = new GraphQLScalarType<string, string>({
  name: GraphQLID.name,
  description: GraphQLID.description,
  specifiedByURL: GraphQLID.specifiedByURL,
  serialize: (value) => GraphQLID.serialize(value) as string,
  parseValue: (value) => lowerUuid(GraphQLID.parseValue(value) as string),
  parseLiteral: (node: ValueNode, variables) => lowerUuid(GraphQLID.parseLiteral(node, variables) as string),
});
