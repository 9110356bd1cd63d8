import { ipKeyGenerator } from "express-rate-limit";
import { describe, expect, it } from "vitest";
import { type IncomingMessage } from "node:http";
import { type User } from "../modules/users/user.entity";
import { addressKey, AnonymousRateLimit } from "./rate-limit";

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

describe("the anonymous rate limit", () => {
  const anonymous = { userOf: () => Promise.resolve(null) };
  const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;

  it("lets `perMinute` requests of an address through in its window, then says when to come back", async () => {
    let now = 1_000_000;
    const limit = new AnonymousRateLimit(3, anonymous, () => now);
    const verdicts = [];
    for (let n = 0; n < 4; n++) {
      verdicts.push(await limit.check(request(), "203.0.113.7"));
      now += 10_000;
    }
    expect(verdicts.map((verdict) => verdict?.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[0]?.headers).toEqual([
      ["RateLimit-Policy", "3;w=60"],
      ["RateLimit", "limit=3, remaining=2, reset=60"],
    ]);
    expect(verdicts[3]?.headers).toEqual([
      ["RateLimit-Policy", "3;w=60"],
      ["RateLimit", "limit=3, remaining=0, reset=30"],
      ["Retry-After", "30"],
    ]);
    // Another address has its own count; the first one's window closes a minute after it opened.
    expect((await limit.check(request(), "198.51.100.1"))?.allowed).toBe(true);
    now = 1_000_000 + 60_000;
    expect((await limit.check(request(), "203.0.113.7"))?.headers[1]).toEqual([
      "RateLimit",
      "limit=3, remaining=2, reset=60",
    ]);
    // Long after, an address comes back to a new window.
    now += 10 * 60_000;
    expect((await limit.check(request(), "203.0.113.7"))?.headers[1][1]).toBe("limit=3, remaining=2, reset=60");
  });

  it("counts a request once, and a signed-in account's not at all", async () => {
    const limit = new AnonymousRateLimit(1, anonymous);
    const once = request();
    expect((await limit.check(once, "203.0.113.7"))?.allowed).toBe(true);
    expect(await limit.check(once, "203.0.113.7")).toBeNull();
    expect((await limit.check(request(), "203.0.113.7"))?.allowed).toBe(false);

    const signedIn = new AnonymousRateLimit(1, { userOf: () => Promise.resolve({} as User) });
    const cookie = `portail_session=${"a".repeat(40)}`;
    expect(await signedIn.check(request(cookie), "203.0.113.7")).toBeNull();
    expect(await signedIn.check(request(cookie), "203.0.113.7")).toBeNull();
    // A session lookup that fails counts the request as anonymous.
    const failing = new AnonymousRateLimit(1, { userOf: () => Promise.reject(new Error("ECONNREFUSED")) });
    expect((await failing.check(request(cookie), "203.0.113.7"))?.allowed).toBe(true);
    expect((await failing.check(request(cookie), "203.0.113.7"))?.allowed).toBe(false);
  });

  it("counts the addresses of one IPv6 /56 network together", async () => {
    const limit = new AnonymousRateLimit(1, anonymous);
    expect((await limit.check(request(), "2001:db8:1234:5601::1"))?.allowed).toBe(true);
    expect((await limit.check(request(), "2001:db8:1234:56ff:ffff::9"))?.allowed).toBe(false);
    expect((await limit.check(request(), "2001:db8:1234:5701::1"))?.allowed).toBe(true);
  });
});
