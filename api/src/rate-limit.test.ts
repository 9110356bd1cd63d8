import { ipKeyGenerator } from "express-rate-limit";
import { describe, expect, it } from "vitest";
import { addressKey } from "./rate-limit";

describe("whom the anonymous rate limit counts a request against", () => {
  it("gives the library's own key for every kind of address", () => {
    for (const ip of [
      "203.0.113.7",
      "::ffff:203.0.113.7",
      "::FFFF:203.0.113.7",
      "2001:db8:1234:5678:9abc:def0:1234:5678",
      "2001:db8:1234:56ff::1",
      "::1",
      "::",
      "::ffff:c000:0280",
    ]) {
      expect(addressKey(ip), ip).toBe(ipKeyGenerator(ip, 56));
    }
  });

  it("counts an IPv4 client of a dual-stack server as its IPv4 address, and a home's IPv6 network once", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("2001:db8:1234:5601::1")).toBe(addressKey("2001:db8:1234:56ff:ffff::9"));
    expect(addressKey("2001:db8:1234:5601::1")).not.toBe(addressKey("2001:db8:1234:5701::1"));
    expect(addressKey(undefined)).toBe("unknown");
  });
});
