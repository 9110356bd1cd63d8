import { Box, Button, Flex } from "@chakra-ui/react";
import { ItineraryLink } from "../maps/ItineraryLink";
import { FirstFacts } from "../../ui/FirstFacts";
import { ShareButton } from "../../ui/ShareButton";
import type { OpeningState } from "../../generated/sheets";
import { OpeningStatusText } from "./OpeningStatusText";
import { telHref } from "./sheet-display";

/**
 * What a family needs first on a service's sheet, right under its name: where it is, whether it
 * is open today, and the taps that matter on a phone: « Appeler », « Itinéraire » (the phone's own
 * maps application too) and « Partager ». The whole contact list, the week's hours and the map
 * follow further down.
 */
export function SheetFacts({
  service,
}: {
  service: {
    serviceName: string;
    fullAddress: string | null;
    phone: string;
    location: { lat: number; lon: number } | null;
    openingStatus: { state: OpeningState; label: string } | null;
  };
}) {
  return (
    <FirstFacts label="Joindre le service">
      {service.fullAddress && (
        <Box as="address" fontStyle="normal" color="gray.800">
          {service.fullAddress}
        </Box>
      )}
      <OpeningStatusText status={service.openingStatus} />
      <Flex gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <a href={telHref(service.phone)}>Appeler le {service.phone}</a>
        </Button>
        <ItineraryLink asButton label={service.serviceName} location={service.location} address={service.fullAddress} />
        <ShareButton title={service.serviceName} />
      </Flex>
    </FirstFacts>
  );
}
