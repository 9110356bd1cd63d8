import { rowsByIdSuite } from "./rows-by-id.suite";

rowsByIdSuite();
