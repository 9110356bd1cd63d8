import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  type GraphQLCompositeType,
  type GraphQLField,
  GraphQLInputObjectType,
  GraphQLList,
  type GraphQLSchema,
  type InlineFragmentNode,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import { MAX_PAGE_SIZE } from "../modules/common/pagination.inputs";

/**
 * The cost model of one operation: 1 per scalar field, 2 per object field, plus what the rows of
 * a page ask of the database. A field that asks for a page of n rows (a page-size argument, its
 * default included) adds n × `row`, and the lists of its page count once per row asked. A row
 * costs the database about the same whichever fields are asked: without `row`, asking one field
 * of many rows would be nearly free. Fragments count where they are spread.
 */
export const COST_MODEL = {
  scalar: 1,
  object: 2,
  /** What each row a page asks for costs, besides its fields. */
  row: 20,
};

/** Arguments (or fields of an input-object argument) that say how many rows a page holds. */
const PAGE_SIZE_NAMES = new Set(["pageSize", "size"]);

/**
 * Variable values as execution will see them (coerced, defaults applied), or `"unknown"`: a
 * page size read from a variable then counts as the largest allowed (the cost of a document
 * whatever its variables).
 */
export type CostVariables = Readonly<Record<string, unknown>> | "unknown";

const clampedSize = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(value)))
    : // A value the resolver will refuse: counted as the largest allowed.
      MAX_PAGE_SIZE;

/** A page size written in the document, from a variable, or the default (`fallback`). */
function sizeOf(node: ValueNode | undefined, variables: CostVariables, fallback: unknown): number | null {
  if (!node) return fallback === undefined || fallback === null ? null : clampedSize(fallback);
  if (node.kind === Kind.INT) return clampedSize(Number(node.value));
  if (node.kind === Kind.VARIABLE) {
    if (variables === "unknown") return MAX_PAGE_SIZE;
    const value = variables[node.name.value];
    return value === undefined ? sizeOf(undefined, variables, fallback) : clampedSize(value);
  }
  return node.kind === Kind.NULL ? null : MAX_PAGE_SIZE;
}

/** The rows a field's page holds (null: the field asks for no page of its own size). */
function pageSize(
  field: GraphQLField<unknown, unknown>,
  node: { arguments?: readonly { name: { value: string }; value: ValueNode }[] },
  variables: CostVariables,
): number | null {
  for (const argument of field.args) {
    const given = node.arguments?.find((candidate) => candidate.name.value === argument.name)?.value;
    if (PAGE_SIZE_NAMES.has(argument.name)) return sizeOf(given, variables, argument.defaultValue);
    const type = getNullableType(argument.type);
    if (!(type instanceof GraphQLInputObjectType)) continue;
    const sizeField = Object.values(type.getFields()).find((inner) => PAGE_SIZE_NAMES.has(inner.name));
    if (!sizeField) continue;
    const fallback =
      (argument.defaultValue as Record<string, unknown> | undefined)?.[sizeField.name] ?? sizeField.defaultValue;
    if (given?.kind === Kind.OBJECT) {
      const inner = given.fields.find((candidate) => candidate.name.value === sizeField.name)?.value;
      return sizeOf(inner, variables, fallback);
    }
    if (given?.kind === Kind.VARIABLE) {
      if (variables === "unknown") return MAX_PAGE_SIZE;
      const value = variables[given.name.value] as Record<string, unknown> | null | undefined;
      return sizeOf(undefined, variables, value?.[sizeField.name] ?? fallback);
    }
    return sizeOf(undefined, variables, fallback);
  }
  return null;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: CostVariables;
  /**
   * The cost of each named fragment by the rows it is read for: a fragment spreading another
   * twice, which spreads a third twice…, is walked once each, not 2^n times.
   */
  spreads: Map<string, number>;
}

/** The cost of a selection set on `type`; `rows`: how many times each list in it is read. */
function selectionCost(walk: Walk, set: SelectionSetNode, type: GraphQLCompositeType, rows: number | null): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      // Introspection (the explorer) is free, as before.
      if (name === "__schema" || name === "__type") continue;
      const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
      const isList = field !== undefined && getNullableType(field.type) instanceof GraphQLList;
      const times = isList && rows !== null ? rows : 1;
      if (!selection.selectionSet || !field) {
        cost += times * COST_MODEL.scalar;
        continue;
      }
      const size = pageSize(field, selection, walk.variables);
      const inner = getNamedType(field.type) as GraphQLCompositeType;
      const own =
        COST_MODEL.object + (size ?? 0) * COST_MODEL.row + selectionCost(walk, selection.selectionSet, inner, size);
      cost += times * own;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += fragmentCost(walk, selection, type, rows);
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (!fragment) continue;
      const key = `${fragment.name.value}|${rows}`;
      let known = walk.spreads.get(key);
      if (known === undefined) {
        known = fragmentCost(walk, fragment, type, rows);
        walk.spreads.set(key, known);
      }
      cost += known;
    }
  }
  return cost;
}

/** A fragment counts where it is spread, on its type condition (no spread includes itself: validation refused that). */
function fragmentCost(
  walk: Walk,
  fragment: InlineFragmentNode | FragmentDefinitionNode,
  type: GraphQLCompositeType,
  rows: number | null,
): number {
  const condition = fragment.typeCondition && walk.schema.getType(fragment.typeCondition.name.value);
  return selectionCost(walk, fragment.selectionSet, condition && isCompositeType(condition) ? condition : type, rows);
}

/** The cost of one operation of a validated document, with its variables (see `CostVariables`). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: CostVariables,
): number {
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
    ),
  );
  const root =
    operation.operation === "query"
      ? schema.getQueryType()
      : operation.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  return selectionCost({ schema, fragments, variables, spreads: new Map() }, operation.selectionSet, root, null);
}
