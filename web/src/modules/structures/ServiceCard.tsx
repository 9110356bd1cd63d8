import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { type ServiceCardFragment } from "../../generated/services";

export function ServiceCard({ service }: { service: ServiceCardFragment }) {
  return (
    <Card.Root asChild _hover={{ shadow: "md" }} _focusWithin={{ outline: "3px solid", outlineColor: "brand.500" }}>
      <Link to={`/services/${service.id}`}>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {service.serviceName}
          </Heading>
          <Text color="gray.700">{service.city}</Text>
          <Stack gap="0" fontSize="sm">
            <Text>Téléphone : {service.phone}</Text>
            {service.mobile && <Text>Portable : {service.mobile}</Text>}
          </Stack>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}
