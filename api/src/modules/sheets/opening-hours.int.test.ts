import { describe } from "vitest";
import { openingHoursSuite } from "./opening-hours.suite";

describe("opening hours", () => openingHoursSuite());
