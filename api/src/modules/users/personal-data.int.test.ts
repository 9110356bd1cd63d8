import { personalDataSuite } from "./personal-data.suite";

personalDataSuite();
