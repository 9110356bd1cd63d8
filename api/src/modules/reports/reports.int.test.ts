import { reportsSuite } from "./reports.suite";

reportsSuite();
