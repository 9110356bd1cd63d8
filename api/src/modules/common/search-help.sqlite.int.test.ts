// First: the embedded database for this file's process, whatever DATABASE_URL says.
import { configuredDatabaseUrl } from "../../../test/embedded-engine";
import { describe } from "vitest";
import { isMysql } from "../../db/column-types";
import { searchHelpSuite } from "./search-help.suite";

// Without a MySQL DATABASE_URL, search-help.int.test.ts already runs the suite on SQLite.
describe.runIf(isMysql(configuredDatabaseUrl))("on the embedded database too", () => searchHelpSuite());
