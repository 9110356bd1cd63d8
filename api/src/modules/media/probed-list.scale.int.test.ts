import { probedListSuite } from "./probed-list.suite";

probedListSuite();
