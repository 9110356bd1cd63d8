import { sheetsNearSuite } from "./sheets-near.suite";

sheetsNearSuite();
