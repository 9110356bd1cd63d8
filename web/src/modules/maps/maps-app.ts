import { isUsableLocation } from "./map-tiles";

/** Which maps application a device has: Android's (any that takes `geo:`), Apple's Plans, or none known. */
export type MapsPlatform = "android" | "ios" | "desktop";

/** The device, from what the browser says of itself (iPads say they are Macs, with a touch screen). */
export function mapsPlatform(device: { userAgent: string; maxTouchPoints?: number }): MapsPlatform {
  if (/android/i.test(device.userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(device.userAgent)) return "ios";
  if (/macintosh/i.test(device.userAgent) && (device.maxTouchPoints ?? 0) > 1) return "ios";
  return "desktop";
}

/**
 * The way to a place in the phone's own maps application: Apple Plans on an iPhone
 * (`https://maps.apple.com/?daddr=…`), the `geo:` link elsewhere (Android opens the application
 * the parent chose; null: before the device is known, as the server renders the page). None on
 * a computer, which has no such application; none without a position or an address.
 */
export function mapsAppUrl(
  platform: MapsPlatform | null,
  location: { lat: number; lon: number } | null | undefined,
  address: string | null,
  label: string,
): string | null {
  if (platform === "desktop") return null;
  const point = isUsableLocation(location) ? `${location.lat},${location.lon}` : null;
  if (!point && !address) return null;
  if (platform === "ios") return `https://maps.apple.com/?daddr=${encodeURIComponent(point ?? address!)}`;
  // geo:lat,lon?q=lat,lon(name) puts a named pin; with an address only, geo:0,0?q=address.
  return point
    ? `geo:${point}?q=${encodeURIComponent(`${point}(${label})`)}`
    : `geo:0,0?q=${encodeURIComponent(address!)}`;
}
