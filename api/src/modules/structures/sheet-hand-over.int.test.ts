import { sheetHandOverSuite } from "./sheet-hand-over.suite";

sheetHandOverSuite();
