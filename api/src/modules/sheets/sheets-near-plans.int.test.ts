import { sheetsNearPlansSuite } from "./sheets-near-plans.suite";

sheetsNearPlansSuite();
