import { searchHelpSuite } from "./search-help.suite";

searchHelpSuite();
