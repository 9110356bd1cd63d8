import { describe, expect, it } from "vitest";
import { mapsAppUrl, mapsPlatform } from "./maps-app";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const LUTINS = { lat: 43.29, lon: -0.37 };

describe("the phone's own maps application", () => {
  it("tells Android, iPhones and iPads (which call themselves Macs) from computers", () => {
    expect(mapsPlatform({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe("android");
    expect(mapsPlatform({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe("ios");
    expect(mapsPlatform({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe("ios");
    expect(mapsPlatform({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe("desktop");
    expect(mapsPlatform({ userAgent: LINUX })).toBe("desktop");
  });

  it("opens Android's application with a geo: link to the point, named", () => {
    expect(mapsAppUrl("android", LUTINS, "12 Rue des Cordeliers 64000 Pau", "Crèche Les Lutins")).toBe(
      "geo:43.29,-0.37?q=43.29%2C-0.37(Cr%C3%A8che%20Les%20Lutins)",
    );
    // Without a position, the address.
    expect(mapsAppUrl("android", null, "12 Rue des Cordeliers 64000 Pau", "Crèche Les Lutins")).toBe(
      "geo:0,0?q=12%20Rue%20des%20Cordeliers%2064000%20Pau",
    );
  });

  it("opens Apple Plans on an iPhone, directions to the place", () => {
    expect(mapsAppUrl("ios", LUTINS, "12 Rue des Cordeliers 64000 Pau", "Crèche Les Lutins")).toBe(
      "https://maps.apple.com/?daddr=43.29%2C-0.37",
    );
    expect(mapsAppUrl("ios", null, "12 Rue des Cordeliers 64000 Pau", "Crèche")).toBe(
      "https://maps.apple.com/?daddr=12%20Rue%20des%20Cordeliers%2064000%20Pau",
    );
  });

  it("gives the generic geo: link before the device is known (the server's page), none on a computer", () => {
    expect(mapsAppUrl(null, LUTINS, null, "Crèche")).toBe("geo:43.29,-0.37?q=43.29%2C-0.37(Cr%C3%A8che)");
    expect(mapsAppUrl("desktop", LUTINS, "12 Rue des Cordeliers 64000 Pau", "Crèche")).toBeNull();
  });

  it("gives nothing for a place without a position or an address, or with an impossible position", () => {
    expect(mapsAppUrl("android", null, null, "Crèche")).toBeNull();
    expect(mapsAppUrl("ios", { lat: 120, lon: 0 }, null, "Crèche")).toBeNull();
  });
});
