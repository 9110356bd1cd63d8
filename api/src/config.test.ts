import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = mkdtempSync(join(tmpdir(), "portail-config-"));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe("configuration", () => {
  it("has working defaults", () => {
    const config = load({});
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeNull();
    expect(config.departmentCode).toBe("64");
    expect(config.publicUrl).toBe("http://localhost:4000");
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(load({}).sessionSecret).toBe(config.sessionSecret);
    expect(config.databaseStatementTimeoutMs).toBe(5000);
    expect(load({ DATABASE_STATEMENT_TIMEOUT_MS: "1500" }).databaseStatementTimeoutMs).toBe(1500);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "postgres://x/y" }, "DATABASE_URL"],
    [{ DEPARTMENT_CODE: "6" }, "DEPARTMENT_CODE"],
    [{ ADMIN_EMAIL: "admin@example.org" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "pas-une-adresse", ADMIN_PASSWORD: "Secret123" }, "ADMIN_EMAIL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PUBLIC_URL: "localhost" }, "PUBLIC_URL"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "court" }, "SESSION_SECRET"],
    [{ DEMO_CONTENT: "peut-être" }, "DEMO_CONTENT"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "50" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "5s" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
  ])("refuses %o naming %s", (env, name) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`^Configuration invalide : ${name} `));
  });

  it("accepts a MySQL URL and normalises the admin e-mail", () => {
    const config = load({
      DATABASE_URL: "mysql://root@127.0.0.1:3306/portail",
      ADMIN_EMAIL: "Admin@Example.org",
      ADMIN_PASSWORD: "Secret123",
    });
    expect(config.databaseUrl).toBe("mysql://root@127.0.0.1:3306/portail");
    expect(config.admin).toEqual({ email: "admin@example.org", password: "Secret123" });
  });
});

describe("map token", () => {
  it("accepts only a public Mapbox token, since browsers receive it", () => {
    expect(load({ MAPBOX_TOKEN: "pk.eyJ1Ijoi.abc" }).mapboxToken).toBe("pk.eyJ1Ijoi.abc");
    expect(() => load({ MAPBOX_TOKEN: "sk.secret" })).toThrow(/^Configuration invalide : MAPBOX_TOKEN /);
  });
});
