import { alertsSuite } from "./alerts.suite";

alertsSuite();
