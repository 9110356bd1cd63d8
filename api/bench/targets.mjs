// The targets of `npm run bench:api` (docs/search.md « At scale », docs/decisions.md « Speed
// targets are ratios within one run»), checked on one run's figures. Each search is compared with
// the bare node:http handler (floor-server.mjs) running the same statements in the same run:
// absolute times follow the machine, and are printed as information only.

/** Every search's p95, through REST and GraphQL, over the bare handler's p95: at most. */
export const BARE_RATIO_LIMIT = 2.5;
/** Wherever the bare handler's p95 is at most this (ms)… */
export const QUICK_BARE_MS = 10;
/** …the search's p95 is at most this (ms), through REST and GraphQL. */
export const P95_LIMIT_MS = 15;
/** GraphQL's throughput at 32 connections over the bare handler's, at least. */
export const THROUGHPUT_SHARE = 0.5;

/**
 * The two calls of a row, each with the bare handler that ran its statements: a REST call that
 * runs other statements than the GraphQL one has its own (`httpRestFloor`).
 */
const calls = ({ rest, graphql, httpFloor, httpRestFloor }) => [
  { name: "REST", p95: rest.p95, bare: (httpRestFloor ?? httpFloor).p95 },
  { name: "GraphQL", p95: graphql.p95, bare: httpFloor.p95 },
];

/**
 * The rows that miss each target (their labels, with the call that misses: « liste (REST) »),
 * and whether the throughput meets its own.
 * @param {Array<{ label: string, rest: { p95: number }, graphql: { p95: number }, httpFloor: { p95: number }, httpRestFloor?: { p95: number } | null }>} rows
 * @param {{ app: { rps: number }, floor: { rps: number } }} throughput
 */
export function missedTargets(rows, throughput) {
  const far = [];
  const slow = [];
  /** The rows to which the 15 ms target applies (their bare handler answers within 10 ms). */
  let quickRows = 0;
  for (const row of rows) {
    let quick = false;
    for (const call of calls(row)) {
      const name = `${row.label} (${call.name})`;
      if (call.p95 > BARE_RATIO_LIMIT * call.bare) far.push(name);
      if (call.bare <= QUICK_BARE_MS) {
        quick = true;
        if (call.p95 > P95_LIMIT_MS) slow.push(name);
      }
    }
    if (quick) quickRows++;
  }
  const share = throughput.app.rps / throughput.floor.rps;
  return { far, slow, quickRows, share, throughputMet: share >= THROUGHPUT_SHARE };
}

const ms = (value) => value.toFixed(1).replace(".", ",");
/** A share in percent to one decimal (49,6 % is under 50 %: rounded whole, it read as met). */
const percent = (share) => (Math.floor(share * 1000) / 10).toFixed(1).replace(".", ",");
const plural = (count, word) => `${count} ${word}${count > 1 ? "s" : ""}`;

/** The targets' lines of the report, in French, then the absolute times as information. */
export function targetsReport(rows, throughput) {
  const { far, slow, quickRows, share, throughputMet } = missedTargets(rows, throughput);
  const line = (name, missed, among) =>
    missed.length === 0
      ? `- ${name} : atteint (${plural(among, "ligne")})`
      : `- ${name} : manqué sur ${missed.length} appel${missed.length > 1 ? "s" : ""} (${missed.join(" ; ")})`;
  const worst = (pick) => Math.max(...rows.map(pick));
  return [
    "Cibles de cette mesure :",
    line(
      `p95 REST et GraphQL ≤ ${String(BARE_RATIO_LIMIT).replace(".", ",")} × celui du gestionnaire nu`,
      far,
      rows.length,
    ),
    line(`p95 ≤ ${P95_LIMIT_MS} ms là où le gestionnaire nu est ≤ ${QUICK_BARE_MS} ms`, slow, quickRows),
    `- débit GraphQL à 32 connexions ≥ ${THROUGHPUT_SHARE * 100} % du gestionnaire nu : ` +
      `${throughputMet ? "atteint" : "manqué"} (${percent(share)} %)`,
    `Pour information (temps absolus, selon la machine) : p95 le plus long ${ms(worst((row) => row.rest.p95))} ms ` +
      `en REST, ${ms(worst((row) => row.graphql.p95))} ms en GraphQL, ${ms(worst((row) => row.httpFloor.p95))} ms ` +
      `pour le gestionnaire nu ; débit ${Math.round(throughput.app.rps)} req/s contre ${Math.round(throughput.floor.rps)}.`,
  ].join("\n");
}
