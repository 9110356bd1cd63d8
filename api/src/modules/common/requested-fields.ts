import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";

/** Per field of a parsed document (Apollo keeps the documents it parsed): what was found under each path. */
const found = new WeakMap<FieldNode, Map<string, ReadonlySet<string>>>();

/**
 * The fields a query asks of the objects under `path` in the field being resolved (e.g. the
 * `results` of a page), fragments included: a list reads only the columns its caller shows.
 * Worked out once per field of a document.
 */
export function requestedFields(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
  if (info.fieldNodes.length !== 1) return fieldsUnder(info, path);
  const [node] = info.fieldNodes;
  let byPath = found.get(node);
  if (!byPath) {
    byPath = new Map();
    found.set(node, byPath);
  }
  const key = path.join(".");
  let fields = byPath.get(key);
  if (!fields) {
    fields = fieldsUnder(info, path);
    byPath.set(key, fields);
  }
  return fields;
}

function fieldsUnder(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) {
    sets = sets.flatMap((set) =>
      fieldsOf(info, set)
        .filter(([field]) => field === name)
        .flatMap(([, selectionSet]) => (selectionSet ? [selectionSet] : [])),
    );
  }
  return new Set(sets.flatMap((set) => fieldsOf(info, set).map(([field]) => field)));
}

/** The fields of a selection set with their own selections, through inline fragments and spreads. */
function fieldsOf(info: GraphQLResolveInfo, set: SelectionSetNode): Array<[string, SelectionSetNode | undefined]> {
  return set.selections.flatMap((selection): Array<[string, SelectionSetNode | undefined]> => {
    if (selection.kind === Kind.FIELD) return [[selection.name.value, selection.selectionSet]];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsOf(info, selection.selectionSet);
    const fragment = info.fragments[selection.name.value];
    return fragment ? fieldsOf(info, fragment.selectionSet) : [];
  });
}
