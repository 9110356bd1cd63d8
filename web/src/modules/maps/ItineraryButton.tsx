import { Button, Link, Text } from "@chakra-ui/react";

/** « Itinéraire » as a button, to OpenStreetMap's directions in a new tab; read with the place's name. */
export function ItineraryButton({ href, label }: { href: string; label: string }) {
  return (
    <Button asChild variant="outline" colorPalette="brand">
      <Link href={href} target="_blank" rel="noopener noreferrer">
        Itinéraire
        <Text as="span" srOnly>
          {" "}
          vers {label} (OpenStreetMap, nouvel onglet)
        </Text>
      </Link>
    </Button>
  );
}
