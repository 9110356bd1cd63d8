// The floor of `npm run bench:api`: a bare node:http server that runs the SQL statements the
// portal runs for one request, on a mysql2 pool of the portal's size (or better-sqlite3), and
// answers the JSON the portal answered. No framework, no GraphQL, no ORM.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { databaseUrl, dataDir, statements, body } = JSON.parse(readFileSync(process.env.FLOOR_SPEC, "utf8"));
let run;
if (databaseUrl && /^(mysql|mariadb):/i.test(databaseUrl)) {
  const mysql2 = require("mysql2/promise");
  const pool = mysql2.createPool({
    uri: databaseUrl.replace(/^mariadb:/i, "mysql:"),
    timezone: "Z",
    charset: "utf8mb4_unicode_ci",
    connectionLimit: 10,
  });
  run = async () => {
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
  const prepared = statements.map(({ query, parameters }) => ({ statement: db.prepare(query), parameters }));
  run = async () => {
    for (const { statement, parameters } of prepared) if (statement.reader) statement.all(...parameters);
  };
}

createServer((req, res) => {
  req.resume();
  req.on("end", async () => {
    try {
      await run();
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}).listen(Number(process.env.FLOOR_PORT), "127.0.0.1");
