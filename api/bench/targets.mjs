// The targets of `npm run bench:api` (docs/search.md « At scale »), checked on one run's figures.

/** Every search answers within this at p95, through REST and GraphQL (ms). */
export const P95_LIMIT_MS = 15;
/** The portal's p95 over the same statements run alone, at most. */
export const FLOOR_RATIO_LIMIT = 3;
/** GraphQL's throughput at 32 connections over the bare handler's, at least. */
export const THROUGHPUT_SHARE = 0.5;

/**
 * The rows that miss each target, and whether the throughput line meets its own. A row's REST
 * call is compared with its own statements when they differ from the GraphQL call's.
 * @param {Array<{ label: string, rest: { p95: number }, graphql: { p95: number }, floor: { p95: number }, restFloor?: { p95: number } | null }>} rows
 * @param {{ app: { rps: number }, floor: { rps: number } }} throughput
 */
export function missedTargets(rows, throughput) {
  const slow = [];
  const far = [];
  for (const { label, rest, graphql, floor, restFloor } of rows) {
    if (rest.p95 > P95_LIMIT_MS || graphql.p95 > P95_LIMIT_MS) slow.push(label);
    if (rest.p95 / (restFloor ?? floor).p95 > FLOOR_RATIO_LIMIT || graphql.p95 / floor.p95 > FLOOR_RATIO_LIMIT)
      far.push(label);
  }
  const share = throughput.app.rps / throughput.floor.rps;
  return { slow, far, share, throughputMet: share >= THROUGHPUT_SHARE };
}

/** The targets' lines of the report, in French. */
export function targetsReport(rows, throughput) {
  const { slow, far, share, throughputMet } = missedTargets(rows, throughput);
  const line = (name, missed) =>
    missed.length === 0
      ? `- ${name} : atteint sur ${rows.length > 1 ? `les ${rows.length} lignes` : "la ligne"}`
      : `- ${name} : manqué sur ${missed.length} ligne${missed.length > 1 ? "s" : ""} sur ${rows.length} (${missed.join(" ; ")})`;
  return [
    "Cibles de cette mesure :",
    line(`p95 ≤ ${P95_LIMIT_MS} ms en REST et en GraphQL`, slow),
    line(`p95 ≤ ${FLOOR_RATIO_LIMIT} × celui du SQL seul`, far),
    `- débit GraphQL ≥ ${THROUGHPUT_SHARE * 100} % du gestionnaire nu : ${throughputMet ? "atteint" : "manqué"} (${Math.round(share * 100)} %)`,
  ].join("\n");
}
