import { createHmac } from "node:crypto";
import { type DataSource } from "typeorm";
import { ConfigError } from "../../config";
import { isMysql } from "../../db/column-types";
import { logger } from "../../logger";
import { PortalSetting } from "./portal-setting.entity";

const SETTING = "session-secret-fingerprint";

/** What the database keeps of the secret: an HMAC of a fixed text, which reveals nothing of it. */
export const secretFingerprint = (secret: string): string =>
  createHmac("sha256", secret).update("portail-parentalite:session-secret").digest("hex");

export const SECRET_MISMATCH =
  "Configuration invalide : SESSION_SECRET diffère de celui des autres instances du portail sur cette base " +
  "de données. Donnez la même valeur à chaque instance : les sessions et les liens envoyés par e-mail en " +
  "dépendent. Pour changer de secret, arrêtez toutes les instances, puis démarrez la première avec " +
  "SESSION_SECRET_ROTATE=true (chacun devra se reconnecter).";

/**
 * Instances that share a MySQL database must share SESSION_SECRET: a session opened on one is
 * looked up on another by its HMAC, and e-mailed links are signed with it. The first instance
 * records the secret's fingerprint; one started with another secret stops here and says why
 * (otherwise families would be signed out at random behind a load balancer). An embedded SQLite
 * database has one instance: nothing to compare.
 */
export async function checkSharedSecret(
  dataSource: DataSource,
  databaseUrl: string | null,
  secret: string,
  { rotate = false }: { rotate?: boolean } = {},
): Promise<void> {
  if (!databaseUrl || !isMysql(databaseUrl)) return;
  const settings = dataSource.getRepository(PortalSetting);
  const fingerprint = secretFingerprint(secret);
  if (rotate) {
    await settings.upsert({ name: SETTING, value: fingerprint }, ["name"]);
    logger.warn("session_secret.rotated");
    return;
  }
  await settings.createQueryBuilder().insert().values({ name: SETTING, value: fingerprint }).orIgnore().execute();
  const recorded = await settings.findOneByOrFail({ name: SETTING });
  if (recorded.value !== fingerprint) throw new ConfigError(SECRET_MISMATCH);
}
