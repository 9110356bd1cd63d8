/**
 * The large seeds (6,000 to 100,000 rows) run under `npm run test:scale` only: `npm test` keeps
 * the query-plan tests on a few thousand rows, and leaves out the `*.scale.int.test.ts` files
 * (docs/testing.md « At scale »).
 */
export const AT_SCALE = process.env.TEST_SCALE === "1";

/** `small` rows in `npm test`, `large` under `npm run test:scale`. */
export function rowsAtScale(small: number, large: number): number {
  return AT_SCALE ? large : small;
}
