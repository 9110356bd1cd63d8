import { Box, Button, Flex, Stack } from "@chakra-ui/react";
import { ItineraryButton } from "../maps/ItineraryButton";
import { itineraryUrl } from "../maps/map-tiles";
import type { OpeningState } from "../../generated/services";
import { OpeningStatusText } from "./OpeningStatusText";
import { telHref } from "./service-display";

/**
 * What a family needs first on a service's sheet, right under its name: where it is, whether it
 * is open today, and the two taps that matter on a phone, « Appeler » and « Itinéraire ». The
 * whole contact list, the week's hours and the map follow further down.
 */
export function ServiceFacts({
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
  const route = itineraryUrl(service.location, service.fullAddress);
  return (
    <Stack
      as="section"
      aria-label="Joindre le service"
      gap="3"
      bg="white"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: "4", md: "5" }}
    >
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
        {route && <ItineraryButton href={route} label={service.serviceName} />}
      </Flex>
    </Stack>
  );
}
