import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, buildAccount, PASSWORD } from "../test/agent";
import { scratchDatabase } from "../test/database";
import { buildMedia, buildSheet } from "../test/factories";
import { png, restUpload } from "../test/files";
import { useMailbox } from "../test/mailbox";
import { loadConfig } from "./config";
import { isMysql } from "./db/column-types";
import { AuditAction, AuditEntry } from "./modules/audit/audit-entry.entity";
import { LOGIN_FAILED_MESSAGE } from "./modules/auth/auth.service";
import { SECRET_MISMATCH } from "./modules/instances/shared-secret";
import { Role, UserStatus } from "./modules/reference/reference.data";
import { type RunningPortal, startPortal } from "./portal";

const SECRET = "one secret for every instance, 0123456789";

/**
 * Two instances of the portal on one MariaDB/MySQL database, as behind a load balancer: each
 * with its own process state and its own DATA_DIR, sharing only the database.
 */
describe.runIf(isMysql())("two instances on one database", () => {
  const mailbox = useMailbox();
  const instances: RunningPortal[] = [];
  let databaseUrl: string;
  const env = () => ({
    NODE_ENV: "test",
    PORT: "0",
    DEMO_CONTENT: "false",
    GEOCODE_TOWNS: "false",
    API_RATE_LIMIT: "1000000",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: SECRET,
    UPLOAD_STORAGE: "database",
    SMTP_URL: mailbox.url,
  });

  beforeAll(async () => {
    databaseUrl = (await scratchDatabase("instances")).databaseUrl!;
    // Started together, as a deployment does: they migrate one after the other.
    instances.push(
      ...(await Promise.all(
        ["a", "b"].map((name) =>
          startPortal(loadConfig({ ...env(), DATA_DIR: mkdtempSync(join(tmpdir(), `portail-${name}-`)) })),
        ),
      )),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
  });

  const [a, b] = [() => instances[0], () => instances[1]];
  /** A browser whose requests the load balancer sends to `where()`. */
  const browser = (where: () => RunningPortal) => new Agent(() => where().url);

  it("keeps a session opened on A signed in on B, and closed on both once signed out on B", async () => {
    const user = await buildAccount(a().dataSource, { role: Role.NEWS_PARTNER, status: UserStatus.CONFIRMED });
    let target = a;
    const family = browser(() => target());
    await family.login(user.email, PASSWORD);
    target = b;
    expect(await family.whoAmI()).toBe(user.id);
    expect((await family.rest("GET", "/api/auth/logout")).status).toBeLessThan(300);
    expect(await family.whoAmI()).toBeNull();
    target = a;
    expect(await family.whoAmI()).toBeNull();
  });

  it("blocks an account after five wrong passwords spread over A and B", async () => {
    const user = await buildAccount(a().dataSource, { role: Role.NEWS_PARTNER, status: UserStatus.CONFIRMED });
    let turn = 0;
    const attacker = new Agent(() => instances[turn++ % 2].url);
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(attacker.login(user.email, "Mauvais-2024")).rejects.toThrow(LOGIN_FAILED_MESSAGE);
    }
    // The right password no longer opens it, on either instance.
    for (const where of [a, b]) {
      await expect(browser(where).login(user.email, PASSWORD)).rejects.toThrow(/Trop de tentatives de connexion/);
    }
  });

  it("serves on B a file uploaded through A (database storage)", async () => {
    const user = await buildAccount(a().dataSource, { role: Role.NEWS_PARTNER, status: UserStatus.CONFIRMED });
    const partner = browser(a);
    await partner.login(user.email, PASSWORD);
    const bytes = png(700_000);
    const answer = await restUpload(partner, { name: "affiche.png", bytes });
    expect(answer.error).toBeNull();
    const served = await fetch(`${b().url}${answer.result!.link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("runs scheduled work once: a due article is published once, a sheet reminder is sent once, each job run once", async () => {
    const ds = a().dataSource;
    const due = await buildMedia(ds, { title: "Programmé pour hier" });
    await ds.query("UPDATE media SET published = 0, publishAt = ? WHERE id = ?", [
      new Date(Date.now() - 60_000),
      due.id,
    ]);
    await ds.query("UPDATE media_facet SET published = 0 WHERE mediaId = ?", [due.id]);
    const owner = await buildAccount(ds, { role: Role.FULL_PARTNER, status: UserStatus.CONFIRMED });
    const sheet = await buildSheet(ds, { serviceName: "Crèche des Pins", userIds: [owner.id] });
    const longAgo = new Date(Date.now() - 200 * 24 * 3600_000);
    await ds.query("UPDATE service SET checkedAt = ? WHERE id = ?", [longAgo, sheet.id]);
    await ds.query("UPDATE job_lease SET nextRunAt = ?", [longAgo]);

    // Both instances look for due work at the same moment.
    const [publishedA, publishedB] = await Promise.all(instances.map((one) => one.services.publication.run()));
    const ran = await Promise.all(instances.map((one) => one.services.jobs.runDue()));

    expect([...publishedA, ...publishedB].map((media) => media.id)).toEqual([due.id]);
    const entries = await ds.getRepository(AuditEntry).findBy({ itemId: due.id, action: AuditAction.PUBLISH });
    expect(entries).toHaveLength(1);
    // Each job once, whichever instance took it.
    expect(ran.flat().sort()).toEqual([
      "alert-digests",
      "alert-housekeeping",
      "expired-rows",
      "personal-data",
      "sheet-reminders",
    ]);
    expect(mailbox.to(owner.email)).toHaveLength(1);
  });

  it("refuses to start an instance whose SESSION_SECRET differs from the others'", async () => {
    await expect(
      startPortal(
        loadConfig({
          ...env(),
          SESSION_SECRET: "another secret, 0123456789abcdefghijklmnop",
          DATA_DIR: mkdtempSync(join(tmpdir(), "portail-c-")),
        }),
      ),
    ).rejects.toThrow(SECRET_MISMATCH);
  });
});
