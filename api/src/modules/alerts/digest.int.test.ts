import { alertDigestSuite } from "./digest.suite";

alertDigestSuite();
