/**
 * Legacy REST clients send and receive enum *values* ("new", "all"), GraphQL
 * speaks enum *names* (NEW, ALL). These codecs translate at the edge only.
 */
export function enumCodec<E extends Record<string, string>>(enumObject: E) {
  const nameByValue = new Map(Object.entries(enumObject).map(([name, value]) => [value, name]));
  return {
    /** Legacy value to GraphQL name; anything unknown passes through for GraphQL to reject. */
    toGraphql(value: unknown): unknown {
      if (Array.isArray(value)) return value.map((item) => this.toGraphql(item));
      return typeof value === "string" ? (nameByValue.get(value) ?? value) : value;
    },
    /** GraphQL name to legacy value. */
    fromGraphql(names: readonly string[]): string[] {
      return names.map((name) => enumObject[name] ?? name);
    },
  };
}

/** Keeps only the keys whose value was given (absent or null means "no filter"). */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
}
