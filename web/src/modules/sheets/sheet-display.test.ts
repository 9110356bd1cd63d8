import { describe, expect, it } from "vitest";
import { telHref } from "./sheet-display";

describe("telHref", () => {
  it("keeps digits and the plus sign", () => {
    expect(telHref("05 59 00 00 00")).toBe("tel:0559000000");
    expect(telHref("+33 5 59 00 00 00")).toBe("tel:+33559000000");
  });
});
