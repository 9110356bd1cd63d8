import { Button, Link, Text } from "@chakra-ui/react";
import { useHydrated } from "../../ui/useHydrated";
import { itineraryUrl } from "./map-tiles";
import { mapsAppUrl, mapsPlatform } from "./maps-app";

interface ItineraryProps {
  label: string;
  location: { lat: number; lon: number } | null | undefined;
  address: string | null;
  /** A button where it is one of a block's main taps, an underlined link beside an address. */
  asButton?: boolean;
}

/**
 * « Itinéraire »: OpenStreetMap's directions to a place, in a new tab, and beside it the phone's
 * own maps application (Plans on an iPhone, the `geo:` link Android hands to the application
 * chosen), each read with the place's name; « Ouvrir dans l'appli de cartes » on every phone, so
 * that nothing moves when the page learns which. The server does not know the device: its page has
 * the `geo:` link, which the browser turns into Plans on an iPhone and takes away on a computer.
 */
export function ItineraryLink({ label, location, address, asButton = false }: ItineraryProps) {
  const live = useHydrated();
  const href = itineraryUrl(location, address);
  if (!href) return null;
  const ios = live && mapsPlatform(navigator) === "ios";
  const app = mapsAppUrl(live ? mapsPlatform(navigator) : null, location, address, label);
  const style = asButton ? {} : { color: "brand.700", textDecoration: "underline" };
  const osm = (
    <Link href={href} target="_blank" rel="noopener noreferrer" {...style}>
      Itinéraire
      <Text as="span" srOnly>
        {" "}
        vers {label} (OpenStreetMap, nouvel onglet)
      </Text>
    </Link>
  );
  // Before the device is known, a computer (a fine pointer that hovers) does not show the phone's
  // link it will take away once live: nothing moves then.
  const untilKnown = live ? {} : { css: { "@media (hover: hover) and (pointer: fine)": { display: "none" } } };
  const inApp = app && (
    <Link href={app} {...style} {...untilKnown}>
      {/* The same words on every phone: they are on the page before the device is known. */}
      Ouvrir dans l'appli de cartes
      <Text as="span" srOnly>
        {ios ? " Plans" : ""} : itinéraire vers {label}
      </Text>
    </Link>
  );
  if (!asButton) {
    return (
      <>
        {osm}
        {inApp}
      </>
    );
  }
  return (
    <>
      <Button asChild variant="outline" colorPalette="brand">
        {osm}
      </Button>
      {inApp && (
        <Button asChild variant="outline" colorPalette="brand" {...untilKnown}>
          {inApp}
        </Button>
      )}
    </>
  );
}
