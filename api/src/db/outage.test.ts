import Database from "better-sqlite3";
import { GraphQLError } from "graphql";
import { mkdtempSync } from "node:fs";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection, createPool } from "mysql2";
import { QueryFailedError } from "typeorm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError, ServiceUnavailableError, ValidationError } from "../errors";
import {
  ACQUIRE_TIMEOUT_CODE,
  DATABASE_BUSY_CODE,
  isDatabaseBusy,
  isDatabaseUnreachable,
  outageLog,
  outageReason,
} from "./outage";

/** A TCP server on a free local port; `onSocket` decides what a "database" does with a client. */
async function tcpServer(onSocket: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The error mysql2 gives when it tries to connect to `port`. */
function mysqlConnectError(port: number, connectTimeout = 2000): Promise<Error> {
  return new Promise((resolve) => {
    const connection = createConnection({ host: "127.0.0.1", port, user: "root", connectTimeout });
    connection.on("error", () => undefined);
    connection.connect((error) => {
      connection.destroy();
      resolve(error!);
    });
  });
}

const held: Socket[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("isDatabaseUnreachable: the driver errors of an outage", () => {
  it("knows a refused connection (mysql2, server down)", async () => {
    const { server, port } = await tcpServer(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const error = await mysqlConnectError(port);
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(outageReason(error)).toBe("ECONNREFUSED");
  });

  it("knows a connection attempt that times out (mysql2, packets dropped)", async () => {
    const { server, port } = await tcpServer((socket) => held.push(socket));
    servers.push(server);
    const error = await mysqlConnectError(port, 200);
    expect((error as { code?: string }).code).toBe("ETIMEDOUT");
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("knows a connection the server closes (mysql2, PROTOCOL_CONNECTION_LOST)", async () => {
    const { server, port } = await tcpServer((socket) => socket.destroy());
    servers.push(server);
    const error = await mysqlConnectError(port);
    expect((error as { code?: string }).code).toBe("PROTOCOL_CONNECTION_LOST");
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("knows a closed pool (mysql2, during shutdown)", async () => {
    const pool = createPool({ host: "127.0.0.1", port: 9, user: "root" });
    await new Promise((resolve) => pool.end(resolve));
    const error = await new Promise<Error>((resolve) => pool.getConnection((err) => resolve(err!)));
    expect(error.message).toBe("Pool is closed.");
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ["ER_CON_COUNT_ERROR", 1040, "Too many connections"],
    ["ER_TOO_MANY_USER_CONNECTIONS", 1203, "User root already has more than 'max_user_connections' active connections"],
    ["ER_SERVER_SHUTDOWN", 1053, "Server shutdown in progress"],
    ["ER_CONNECTION_KILLED", 1927, "Connection was killed"],
    ["PROTOCOL_SEQUENCE_TIMEOUT", undefined, "Query inactivity timeout"],
    ["ECONNRESET", undefined, "read ECONNRESET"],
    [ACQUIRE_TIMEOUT_CODE, undefined, "No database connection within 3000 ms"],
  ])("knows the server's or the pool's %s", (code, errno, message) => {
    expect(isDatabaseUnreachable(Object.assign(new Error(message), { code, errno, fatal: true }))).toBe(true);
  });

  it("knows mysql2's errors that carry no code", () => {
    expect(isDatabaseUnreachable(new Error("Queue limit reached."))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Can't add new command when connection is in closed state"))).toBe(true);
  });

  it("finds the driver's error inside TypeORM's, GraphQL's and Error.cause", () => {
    const driver = Object.assign(new Error("Connection lost: The server closed the connection."), {
      code: "PROTOCOL_CONNECTION_LOST",
      fatal: true,
    });
    const typeorm = new QueryFailedError("INSERT INTO `media` …", [], driver);
    expect(isDatabaseUnreachable(typeorm)).toBe(true);
    // As a resolver's error reaches formatError, and as Apollo wraps a failing context.
    const resolver = new GraphQLError(typeorm.message, { path: ["createMedia"], originalError: typeorm });
    expect(isDatabaseUnreachable(resolver)).toBe(true);
    expect(outageReason(resolver)).toBe("PROTOCOL_CONNECTION_LOST");
    expect(isDatabaseUnreachable(new Error("session lookup failed", { cause: driver }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([driver], "all attempts failed"))).toBe(true);
  });

  it("knows the error the portal raises for an outage met while building a request's context", () => {
    const error = new DatabaseUnavailableError();
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(error.message).toBe("Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.");
    expect(error.extensions).toMatchObject({ code: "SERVICE_UNAVAILABLE", http: { status: 503 } });
  });

  describe("SQLite", () => {
    const dir = mkdtempSync(join(tmpdir(), "portail-outage-"));

    it("knows a database file that cannot be opened (SQLITE_CANTOPEN)", () => {
      let error: unknown;
      try {
        // A directory where the file should be: the same answer as a file gone or unreadable.
        new Database(dir);
      } catch (caught) {
        error = caught;
      }
      expect((error as { code?: string }).code).toBe("SQLITE_CANTOPEN");
      expect(isDatabaseUnreachable(error)).toBe(true);
    });

    it("knows a database locked past the busy timeout (SQLITE_BUSY)", () => {
      const file = join(dir, "busy.sqlite");
      const writer = new Database(file);
      writer.exec("CREATE TABLE t (x INTEGER)");
      const other = new Database(file, { timeout: 0 });
      writer.exec("BEGIN EXCLUSIVE");
      let error: unknown;
      try {
        other.exec("INSERT INTO t VALUES (1)");
      } catch (caught) {
        error = caught;
      }
      writer.exec("ROLLBACK");
      writer.close();
      other.close();
      expect((error as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnreachable(error)).toBe(true);
    });

    it("knows a closed database, but not a broken constraint", () => {
      const db = new Database(":memory:");
      db.exec("CREATE TABLE t (x INTEGER UNIQUE)");
      db.exec("INSERT INTO t VALUES (1)");
      let constraint: unknown;
      try {
        db.exec("INSERT INTO t VALUES (1)");
      } catch (caught) {
        constraint = caught;
      }
      expect((constraint as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(isDatabaseUnreachable(constraint)).toBe(false);
      db.close();
      let closed: unknown;
      try {
        db.exec("SELECT 1");
      } catch (caught) {
        closed = caught;
      }
      expect(isDatabaseUnreachable(closed)).toBe(true);
    });
  });

  it.each([
    ["a duplicate key", Object.assign(new Error("Duplicate entry 'a' for key 'email'"), { code: "ER_DUP_ENTRY" })],
    ["a syntax error", Object.assign(new Error("You have an error in your SQL syntax"), { code: "ER_PARSE_ERROR" })],
    ["a lock wait timeout", Object.assign(new Error("Lock wait timeout exceeded"), { code: "ER_LOCK_WAIT_TIMEOUT" })],
    ["a programming error", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a refused input", new ValidationError()],
    ["the address API being down", new ServiceUnavailableError("Le service de recherche d'adresses ne répond pas.")],
    ["a non-error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("leaves %s to the usual handling", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it("knows a busy database: a statement stopped at its limit, the anonymous share used up", () => {
    // MariaDB's max_statement_time (errno 1969, which mysql2 gives no code), MySQL's max_execution_time.
    const mariadb = Object.assign(new Error("Query execution was interrupted (max_statement_time exceeded)"), {
      errno: 1969,
      sqlState: "70100",
    });
    const mysql = Object.assign(
      new Error("Query execution was interrupted, maximum statement execution time exceeded"),
      {
        code: "ER_QUERY_TIMEOUT",
        errno: 3024,
      },
    );
    const share = Object.assign(new Error("Anonymous database share busy: queue full"), { code: DATABASE_BUSY_CODE });
    for (const error of [mariadb, mysql, share]) {
      const wrapped = new QueryFailedError("SELECT …", [], error);
      expect(isDatabaseUnreachable(wrapped)).toBe(true);
      expect(isDatabaseBusy(wrapped)).toBe(true);
    }
    expect(outageReason(mariadb)).toBe("errno 1969");
    // A server that does not answer at all is out of reach, not busy (a replica's reads then go to the primary).
    const unanswered = Object.assign(new Error("Query inactivity timeout"), { code: "PROTOCOL_SEQUENCE_TIMEOUT" });
    expect(isDatabaseUnreachable(unanswered)).toBe(true);
    expect(isDatabaseBusy(unanswered)).toBe(false);
    expect(isDatabaseBusy(new Error("Duplicate entry"))).toBe(false);
  });

  it("stops at an error that wraps itself", () => {
    const error = new Error("loop") as Error & { cause?: unknown };
    error.cause = { cause: error };
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe("logDatabaseOutage", () => {
  it("writes one line per interval, with the driver's code and no message", () => {
    // A logger of its own: no line another test file of this worker logged counts here.
    const logDatabaseOutage = outageLog();
    const error = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:3306"), { code: "ECONNREFUSED" });
    const lines: unknown[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((line) => {
      lines.push(JSON.parse(String(line)));
      return true;
    });
    logDatabaseOutage("graphql", error, 1_000_000);
    logDatabaseOutage("graphql", error, 1_001_000);
    logDatabaseOutage("page", error, 1_002_000);
    logDatabaseOutage("graphql", new DatabaseUnavailableError(), 1_020_000);
    logDatabaseOutage("session", error, 1_020_000);
    write.mockRestore();
    expect(lines).toMatchObject([
      { level: "warn", event: "database.unreachable", where: "graphql", reason: "ECONNREFUSED" },
      { event: "database.unreachable", where: "session", reason: "ECONNREFUSED", alsoFailedSinceLastLine: 2 },
    ]);
    expect(JSON.stringify(lines)).not.toContain("10.0.0.5");
  });

  it("tells a busy database from an unreachable one, each with its own count", () => {
    const logDatabaseOutage = outageLog();
    const unreachable = Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" });
    const busy = Object.assign(new Error("Query execution was interrupted (max_statement_time exceeded)"), {
      errno: 1969,
    });
    const lines: unknown[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((line) => {
      lines.push(JSON.parse(String(line)));
      return true;
    });
    logDatabaseOutage("graphql", busy, 1_000_000);
    logDatabaseOutage("graphql", busy, 1_001_000);
    logDatabaseOutage("graphql", unreachable, 1_002_000);
    write.mockRestore();
    expect(lines).toMatchObject([
      { event: "database.busy", reason: "errno 1969" },
      { event: "database.unreachable", reason: "ETIMEDOUT", alsoFailedSinceLastLine: 0 },
    ]);
  });
});
