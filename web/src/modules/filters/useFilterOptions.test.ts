import { describe, expect, it } from "vitest";
import { type Network } from "../../generated/accounts";
import { networkOptions } from "./useFilterOptions";

const options: { value: Network; label: string }[] = [
  { value: "EAJE", label: "EAJE" },
  { value: "RPE", label: "RPE" },
  { value: "ALL", label: "Tous les réseaux" },
];

describe("networkOptions", () => {
  it("offers what the server allows, in the reference order", () => {
    expect(networkOptions(options, "news", ["RPE"])).toEqual([options[1]]);
    expect(networkOptions(options, "resources", ["ALL", "RPE", "EAJE"])).toEqual(options);
  });

  it("offers nothing to visitors nor in service mode", () => {
    expect(networkOptions(options, "news", [])).toEqual([]);
    expect(networkOptions(options, "services", ["EAJE", "RPE", "ALL"])).toEqual([]);
  });
});
