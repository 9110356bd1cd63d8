import { MigrationInterface, QueryRunner, Table, TableColumn } from "typeorm";

/** Frozen copy of the search normalisation at the time of this migration (lower case, no diacritics). */
const normalize = (value: string) =>
  value
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Sign-in throttling, and an accent-insensitive search column for user management. */
export class Accounts1732320000000 implements MigrationInterface {
  name = "Accounts1732320000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "throttle",
        columns: [
          { name: "key", type: "varchar", length: "200", isPrimary: true },
          { name: "hits", type: "integer" },
          { name: "windowStart", type: "datetime" },
          { name: "blockedUntil", type: "datetime", isNullable: true },
        ],
      }),
    );
    await queryRunner.addColumn("users", new TableColumn({ name: "searchText", type: "varchar", length: "600", isNullable: true }));
    const users: Array<Record<string, string | null>> = await queryRunner.query(
      `SELECT id, name, surname, email, city FROM users`,
    );
    for (const user of users) {
      const text = normalize([user.name, user.surname, user.email, user.city ?? ""].join(" ")).slice(0, 600);
      await queryRunner.query(`UPDATE users SET searchText = ? WHERE id = ?`, [text, user.id]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("users", "searchText");
    await queryRunner.dropTable("throttle");
  }
}
