import { expiredRowsSuite } from "./expired-rows.suite";

expiredRowsSuite();
