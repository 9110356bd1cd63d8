import { Button, Link, Text } from "@chakra-ui/react";

/**
 * « Itinéraire »: OpenStreetMap's directions to a place, in a new tab, read with the place's
 * name. A button where it is one of a block's main taps, an underlined link beside an address.
 */
export function ItineraryLink({ href, label, asButton = false }: { href: string; label: string; asButton?: boolean }) {
  const link = (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      {...(asButton ? {} : { color: "brand.700", textDecoration: "underline" })}
    >
      Itinéraire
      <Text as="span" srOnly>
        {" "}
        vers {label} (OpenStreetMap, nouvel onglet)
      </Text>
    </Link>
  );
  return asButton ? (
    <Button asChild variant="outline" colorPalette="brand">
      {link}
    </Button>
  ) : (
    link
  );
}
