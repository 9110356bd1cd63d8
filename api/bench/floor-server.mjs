// The floors of `npm run bench:api` that go through HTTP: a bare node:http server that runs the
// SQL statements the portal runs for one request, on a mysql2 pool of the portal's size (or
// better-sqlite3), and answers the JSON the portal answered. No framework, no GraphQL, no ORM.
// `POST /<n>` runs the bench's row n (its statements, its answer).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { databaseUrl, dataDir, rows } = JSON.parse(readFileSync(process.env.FLOOR_SPEC, "utf8"), (_key, value) =>
  value && typeof value === "object" && typeof value.date === "string" && Object.keys(value).length === 1
    ? new Date(value.date)
    : value,
);
let runner;
if (databaseUrl && /^(mysql|mariadb):/i.test(databaseUrl)) {
  const mysql2 = require("mysql2/promise");
  const pool = mysql2.createPool({
    uri: databaseUrl.replace(/^mariadb:/i, "mysql:"),
    timezone: "Z",
    charset: "utf8mb4_unicode_ci",
    connectionLimit: 10,
  });
  runner = (statements) => async () => {
    const connection = await pool.getConnection();
    try {
      for (const { query, parameters } of statements) await connection.query(query, parameters);
    } finally {
      connection.release();
    }
  };
} else {
  const Database = require("better-sqlite3");
  const db = new Database(join(dataDir, "portail.sqlite"), { readonly: true });
  runner = (statements) => {
    const prepared = statements.map(({ query, parameters }) => ({ statement: db.prepare(query), parameters }));
    return async () => {
      for (const { statement, parameters } of prepared) if (statement.reader) statement.all(...parameters);
    };
  };
}
const handlers = rows.map(({ statements, body }) => ({ run: runner(statements), body }));

createServer((req, res) => {
  req.resume();
  req.on("end", async () => {
    const handler = handlers[Number(req.url.slice(1))];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    try {
      await handler.run();
      res.writeHead(200, { "content-type": "application/json" }).end(handler.body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}).listen(Number(process.env.FLOOR_PORT), "127.0.0.1");
