import { describe, expect, it } from "vitest";
import { type Network } from "../../generated/accounts";
import { networkOptions } from "./useFilterOptions";

const options: { value: Network; label: string }[] = [
  { value: "EAJE", label: "EAJE" },
  { value: "RPE", label: "RPE" },
  { value: "ALL", label: "Tous les réseaux" },
];

describe("networkOptions", () => {
  it("offers nothing to visitors, basic users and in service mode", () => {
    expect(networkOptions(options, "news", null)).toEqual([]);
    expect(networkOptions(options, "news", { role: "BASIC_USER", networks: ["EAJE"] })).toEqual([]);
    expect(networkOptions(options, "services", { role: "ADMIN", networks: [] })).toEqual([]);
  });

  it("offers a partner their own networks", () => {
    expect(networkOptions(options, "resources", { role: "NEWS_PARTNER", networks: ["RPE"] })).toEqual([options[1]]);
    expect(networkOptions(options, "news", { role: "FULL_PARTNER", networks: [] })).toEqual([]);
  });

  it("offers every network with 'ALL' and to administrators", () => {
    expect(networkOptions(options, "news", { role: "FULL_PARTNER", networks: ["ALL"] })).toEqual(options);
    expect(networkOptions(options, "news", { role: "ADMIN", networks: [] })).toEqual(options);
  });
});
