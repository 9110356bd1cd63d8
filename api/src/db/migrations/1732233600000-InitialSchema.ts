import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey, TableIndex } from "typeorm";
import { LONG_TEXT } from "../column-types";

// Portable column helpers: the same calls build the same tables on MySQL/MariaDB and SQLite.
const id = (name = "id"): TableColumnOptions => ({ name, type: "varchar", length: "36", isPrimary: true });
const varchar = (name: string, length: number, isNullable = false): TableColumnOptions => ({
  name,
  type: "varchar",
  length: String(length),
  isNullable,
});
const text = (name: string, isNullable = false): TableColumnOptions => ({ name, type: "text", isNullable });
const longText = (name: string, isNullable = false): TableColumnOptions => ({ name, type: LONG_TEXT, isNullable });
const datetime = (name: string, isNullable = false): TableColumnOptions => ({ name, type: "datetime", isNullable });
const double = (name: string): TableColumnOptions => ({ name, type: "double", isNullable: true });
const bool = (name: string): TableColumnOptions => ({ name, type: "boolean" });

const facetTable = (table: string, ownerColumn: string, ownerTable: string): Table =>
  new Table({
    name: table,
    columns: [
      { ...varchar(ownerColumn, 36), isPrimary: true },
      { ...varchar("facet", 20), isPrimary: true },
      { ...varchar("value", 150), isPrimary: true },
    ],
    indices: [new TableIndex({ name: `IDX_${table}_lookup`, columnNames: ["facet", "value", ownerColumn] })],
    foreignKeys: [
      new TableForeignKey({
        name: `FK_${table}_${ownerTable}`,
        columnNames: [ownerColumn],
        referencedTableName: ownerTable,
        referencedColumnNames: ["id"],
        onDelete: "CASCADE",
        onUpdate: "CASCADE",
      }),
    ],
  });

export class InitialSchema1732233600000 implements MigrationInterface {
  name = "InitialSchema1732233600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "users",
        columns: [
          id(),
          varchar("name", 100),
          varchar("surname", 100),
          varchar("email", 254),
          varchar("phone", 30),
          varchar("mobile", 30, true),
          varchar("role", 20),
          varchar("status", 20),
          datetime("createdAt"),
          { name: "expiration", type: "date", isNullable: true },
          text("networks"),
          text("justify", true),
          varchar("fullAddress", 255, true),
          varchar("city", 100, true),
          varchar("epci", 150, true),
          varchar("passwordHash", 255, true),
          datetime("updatedAt"),
        ],
        indices: [
          new TableIndex({ name: "UQ_users_email", columnNames: ["email"], isUnique: true }),
          new TableIndex({ name: "IDX_users_status", columnNames: ["status"] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "media",
        columns: [
          id(),
          varchar("title", 255),
          longText("article"),
          text("description", true),
          datetime("createdAt"),
          datetime("updatedAt"),
          varchar("mainPicture", 500, true),
          text("categories"),
          text("userIds"),
          text("files"),
          text("ages"),
          text("thematics"),
          text("epci"),
          text("city"),
          text("networks"),
          datetime("eventFrom", true),
          datetime("eventTo", true),
          varchar("eventAddress", 255, true),
          double("latitude"),
          double("longitude"),
          bool("restricted"),
          longText("searchText"),
        ],
        indices: [new TableIndex({ name: "IDX_media_createdAt", columnNames: ["createdAt"] })],
      }),
    );
    await queryRunner.createTable(facetTable("media_facet", "mediaId", "media"));

    await queryRunner.createTable(
      new Table({
        name: "service",
        columns: [
          id(),
          varchar("serviceName", 255),
          varchar("serviceManager", 255),
          text("userIds"),
          varchar("email", 254),
          varchar("phone", 30),
          varchar("mobile", 30, true),
          varchar("website", 500, true),
          varchar("externalLink", 500, true),
          varchar("mainPicture", 500, true),
          varchar("fullAddress", 255),
          varchar("city", 100),
          varchar("zip", 10),
          varchar("epci", 150),
          double("latitude"),
          double("longitude"),
          text("types"),
          text("ages"),
          text("coveredLocations"),
          longText("description", true),
          datetime("createdAt"),
          datetime("updatedAt"),
          longText("searchText"),
        ],
        indices: [new TableIndex({ name: "IDX_service_name", columnNames: ["serviceName"] })],
      }),
    );
    await queryRunner.createTable(facetTable("service_facet", "serviceId", "service"));

    await queryRunner.createTable(
      new Table({
        name: "town",
        columns: [
          { ...varchar("inseeCode", 5), isPrimary: true },
          varchar("city", 100),
          text("postcodes"),
          varchar("epci", 150, true),
          varchar("epciCode", 9, true),
          varchar("fullAddress", 150),
          double("latitude"),
          double("longitude"),
          varchar("coordinatesSource", 10, true),
        ],
        indices: [new TableIndex({ name: "IDX_town_epci", columnNames: ["epci"] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "session",
        columns: [
          { ...varchar("tokenHash", 64), isPrimary: true },
          varchar("userId", 36),
          bool("persistent"),
          datetime("createdAt"),
          datetime("expiresAt"),
        ],
        indices: [
          new TableIndex({ name: "IDX_session_user", columnNames: ["userId"] }),
          new TableIndex({ name: "IDX_session_expires", columnNames: ["expiresAt"] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "user_token",
        columns: [
          { ...varchar("tokenHash", 64), isPrimary: true },
          varchar("userId", 36),
          varchar("purpose", 20),
          datetime("createdAt"),
          datetime("expiresAt"),
          datetime("usedAt", true),
        ],
        indices: [new TableIndex({ name: "IDX_user_token_user", columnNames: ["userId"] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "uploaded_file",
        columns: [
          id(),
          varchar("storageKey", 100),
          varchar("originalName", 255),
          varchar("mimeType", 100),
          { name: "size", type: "integer" },
          varchar("uploadedBy", 36),
          datetime("createdAt"),
        ],
        indices: [
          new TableIndex({ name: "UQ_uploaded_file_key", columnNames: ["storageKey"], isUnique: true }),
          new TableIndex({ name: "IDX_uploaded_file_owner", columnNames: ["uploadedBy"] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["uploaded_file", "user_token", "session", "town", "service_facet", "service", "media_facet", "media", "users"]) {
      await queryRunner.dropTable(table);
    }
  }
}
