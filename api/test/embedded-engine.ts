/**
 * Imported first by a test file that runs on the embedded database (SQLite) whatever
 * DATABASE_URL says: the engine is fixed for the life of a process (db/column-types.ts), and
 * each such file (`*.sqlite.*`, the project api-sqlite) runs in a process of its own. The
 * suites of both engines share their code.
 */
export const configuredDatabaseUrl = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
