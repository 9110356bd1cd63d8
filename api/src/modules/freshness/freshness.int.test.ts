import { freshnessSuite } from "./freshness.suite";

freshnessSuite();
