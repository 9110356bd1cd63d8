import { Badge, Card, Heading, Link, LinkBox, LinkOverlay, Text } from "@chakra-ui/react";
import { type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { type ServiceCardFragment } from "../../generated/sheets";
import { useLabels } from "../reference/useReferenceData";
import { distanceLabel } from "../geo/distance-label";
import { telHref } from "./sheet-display";
import { OpeningStatusText } from "./OpeningStatusText";

/**
 * A service in a list: the whole card opens the sheet (its name is the link's name), and the
 * phone number, and the mobile one when there is one (« Portable : … », spec), are call links
 * of their own, above the card's link. Around a place, the distance
 * or « Intervient sur votre commune ». A child care service's places available (« 2 places
 * disponibles (au 12/11) »).
 */
export function SheetCard({
  service,
}: {
  /** Around a place, with the service's distance to it and whether it covers the place's town. */
  service: ServiceCardFragment & { distanceKm?: number | null; coversPlace?: boolean };
}) {
  const labels = useLabels();
  const where = [service.city, service.distanceKm != null ? distanceLabel(service.distanceKm) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        height="100%"
        _hover={{ shadow: "md" }}
        _focusWithin={{ outline: "3px solid", outlineColor: "brand.500" }}
      >
        <Card.Body gap="1.5" p={{ base: "4", md: "6" }}>
          <Heading as="h2" size="md">
            <LinkOverlay asChild>
              <RouterLink to={`/services/${service.id}`}>{service.serviceName}</RouterLink>
            </LinkOverlay>
          </Heading>
          {service.types.length > 0 && (
            <Text fontSize="sm" color="brand.800" fontWeight="medium">
              {service.types.map(labels.serviceType).join(" · ")}
            </Text>
          )}
          <Text color="gray.800">{where}</Text>
          <OpeningStatusText status={service.openingStatus} />
          {service.availability && (
            <Text fontSize="sm" fontWeight="semibold" color={service.availability.current ? "green.800" : "gray.700"}>
              {service.availability.summary}
            </Text>
          )}
          {service.coversPlace && (
            <Badge alignSelf="flex-start" colorPalette="green" variant="subtle">
              Intervient sur votre commune
            </Badge>
          )}
          {service.ages.length > 0 && (
            <Text fontSize="sm" color="gray.700">
              {service.ages.map(labels.age).join(" · ")}
            </Text>
          )}
          <CallLink phone={service.phone}>Appeler le {service.phone}</CallLink>
          {service.mobile && <CallLink phone={service.mobile}>Portable : {service.mobile}</CallLink>}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

/** A call link, above the card's link (LinkBox): a tap calls, it does not open the sheet. */
function CallLink({ phone, children }: { phone: string; children: ReactNode }) {
  return (
    <Link
      href={telHref(phone)}
      position="relative"
      zIndex="1"
      alignSelf="flex-start"
      minH="11"
      display="inline-flex"
      alignItems="center"
      color="brand.700"
      fontWeight="semibold"
      textDecoration="underline"
    >
      {children}
    </Link>
  );
}
