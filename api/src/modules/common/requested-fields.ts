import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";

/**
 * The fields a query asks of the objects under `path` in the field being resolved (e.g. the
 * `results` of a page), fragments included: a list reads only the columns its caller shows.
 */
export function requestedFields(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
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
