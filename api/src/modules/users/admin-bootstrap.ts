import { randomUUID } from "node:crypto";
import { type DataSource } from "typeorm";
import { logger } from "../../logger";
import { hashPassword } from "../auth/password-hash";
import { Network, Role, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";

/**
 * Creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when no active
 * admin exists. It never touches an existing account.
 */
export async function ensureFirstAdmin(dataSource: DataSource, admin: { email: string; password: string } | null) {
  if (!admin) return;
  const users = dataSource.getRepository(User);
  const admins = await users
    .createQueryBuilder("u")
    .where("u.role = :role", { role: Role.ADMIN })
    .andWhere("u.status <> :deleted", { deleted: UserStatus.DELETED })
    .getCount();
  if (admins > 0) return;
  if (await users.existsBy({ email: admin.email })) {
    logger.warn("admin.bootstrap_skipped", { reason: "ADMIN_EMAIL appartient déjà à un compte non administrateur" });
    return;
  }
  const now = new Date();
  await users.save(
    Object.assign(new User(), {
      id: randomUUID(),
      name: "Administrateur",
      surname: "Portail",
      email: admin.email,
      phone: "",
      mobile: null,
      role: Role.ADMIN,
      status: UserStatus.CONFIRMED,
      createdAt: now,
      updatedAt: now,
      expiration: null,
      networks: [Network.ALL],
      justify: null,
      fullAddress: null,
      city: null,
      epci: null,
      passwordHash: await hashPassword(admin.password),
    }),
  );
  logger.info("admin.created", { email: admin.email });
}
