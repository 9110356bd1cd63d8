import { apiProject } from "./vitest.config.mts";

// The API's integration tests on SQLite while DATABASE_URL names MySQL/MariaDB (see vitest.config.mts).
export default apiProject(true);
