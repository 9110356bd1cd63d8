import { apiProject } from "./vitest.config.mts";

// The files that run on the embedded database, each in a process of its own (see vitest.config.mts).
export default apiProject(true);
