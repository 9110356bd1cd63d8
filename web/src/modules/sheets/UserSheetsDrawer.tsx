import { Alert, Button, CloseButton, Drawer, Link, Portal, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Link as RouterDomLink } from "react-router-dom";
import { useServicesOfOwnerQuery } from "../../generated/sheet-editing";
import { errorMessage } from "../../ui/errors";
import { ownerName } from "./sheet-display";
import "../../ui/more-recipes";

interface Person {
  id: string;
  name: string;
  surname: string;
}

interface UserSheetsDrawerProps {
  open: boolean;
  /** The account whose services are listed (kept while the panel closes). */
  user: Person | null;
  onClose: () => void;
  /** "Ajouter un service" from the panel. */
  onAddSheet?: (user: Person) => void;
}

/** User management: the services attached to an account, each linking to its sheet. */
export function UserSheetsDrawer({ open, user, onClose, onAddSheet }: UserSheetsDrawerProps) {
  return (
    <Drawer.Root
      open={open && user !== null}
      onOpenChange={(event) => !event.open && onClose()}
      size="md"
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{user ? `Services de ${ownerName(user)}` : "Services"}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{user && <UserSheetsList userId={user.id} />}</Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" onClick={onClose}>
                Fermer
              </Button>
              {user && onAddSheet && (
                <Button colorPalette="brand" onClick={() => onAddSheet(user)}>
                  Ajouter un service
                </Button>
              )}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer le panneau" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function UserSheetsList({ userId }: { userId: string }) {
  const { data, loading, error } = useServicesOfOwnerQuery({
    variables: { userId },
    fetchPolicy: "cache-and-network",
  });
  const services = data?.servicesOfOwner ?? [];

  if (error && !data) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title color="red.800">{errorMessage(error)}</Alert.Title>
      </Alert.Root>
    );
  }
  if (loading && !data) {
    return (
      <Stack gap="3" role="status" aria-label="Chargement des services">
        <Skeleton height="5" />
        <Skeleton height="5" />
      </Stack>
    );
  }
  if (services.length === 0) return <Text color="gray.700">Aucun service n'est rattaché à ce compte.</Text>;
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" aria-busy={loading}>
      {services.map((service) => (
        <li key={service.id}>
          <Link asChild color="brand.700" textDecoration="underline" fontWeight="medium">
            <RouterDomLink to={`/services/${service.id}`}>{service.serviceName}</RouterDomLink>
          </Link>
          <Text fontSize="sm" color="gray.700">
            {service.fullAddress}
          </Text>
          <Text fontSize="sm" color="gray.700">
            Gestionnaire : {service.serviceManager} – {service.phone}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
