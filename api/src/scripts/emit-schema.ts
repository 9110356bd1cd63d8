import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSchema, printCommittedSchema } from "../schema";

export const SCHEMA_FILE = join(__dirname, "..", "..", "..", "schema", "schema.graphql");

createSchema()
  .then((schema) => {
    writeFileSync(SCHEMA_FILE, printCommittedSchema(schema));
    console.log(`Schéma écrit dans ${SCHEMA_FILE}`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
