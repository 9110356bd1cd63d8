/**
 * The first setup file of the project `api-sqlite`: the API's integration tests again, on the
 * embedded database (SQLite) while DATABASE_URL names a MySQL/MariaDB one (CI). The engine is
 * fixed for the life of a worker (db/column-types.ts), and Vitest gives each project workers of
 * its own, so every file of that project runs on SQLite.
 */
delete process.env.DATABASE_URL;
