import { Alert, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useConfirmServiceSheetMutation } from "../generated/freshness";
import { useUpdateServiceAvailabilityByLinkMutation } from "../generated/availability";
import AvailabilityForm from "../modules/sheets/AvailabilityForm";
import { isChildCare } from "../../../api/src/shared/child-care";
import { errorMessage } from "../ui/errors";
import { PageLoader } from "../ui/PageLoader";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Confirmation de la fiche";

/**
 * The page of the e-mailed « Ces informations sont toujours exactes » link. Opening the link
 * changes nothing (mail scanners follow links): this page sends the confirmation once loaded.
 * A child care sheet's owner then gives its places available in one step, with the same link.
 */
export default function ConfirmSheetPage() {
  usePageTitle(TITLE);
  const { token = "" } = useParams();
  const [confirm, { data, error, called }] = useConfirmServiceSheetMutation();
  const [giveAvailability] = useUpdateServiceAvailabilityByLinkMutation();
  const [availabilitySaved, setAvailabilitySaved] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm({ variables: { token } }).catch(() => undefined);
  }, [confirm, token]);

  const service = data?.confirmServiceSheet;
  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      {service ? (
        <>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title color="green.900">Merci : la fiche « {service.serviceName} » est confirmée.</Alert.Title>
          </Alert.Root>
          <Text>
            Les familles voient désormais qu'elle a été vérifiée aujourd'hui. Si quelque chose change, vous pouvez la
            mettre à jour à tout moment depuis votre profil.
          </Text>
          {isChildCare(service.types) && (
            <Stack as="section" aria-labelledby="availability-heading" gap="2">
              <Heading as="h2" size="lg" id="availability-heading">
                Vos places disponibles
              </Heading>
              {availabilitySaved ? (
                <Text role="status" color="green.900" fontWeight="semibold">
                  Merci : les places disponibles sont enregistrées.
                </Text>
              ) : (
                <>
                  <Text>
                    Indiquez-les en une fois : les familles les voient sur la fiche et dans la liste des services.
                  </Text>
                  <AvailabilityForm
                    initial={service.availability}
                    save={async (input) => {
                      await giveAvailability({ variables: { token, input } });
                      setAvailabilitySaved(true);
                    }}
                  />
                </>
              )}
            </Stack>
          )}
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <Link to={`/services/${service.id}`}>Voir la fiche</Link>
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <Link to="/profil">Modifier la fiche</Link>
            </Button>
          </HStack>
        </>
      ) : error ? (
        <>
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title color="red.800">{errorMessage(error)}</Alert.Title>
          </Alert.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <Link to="/profil">Mon espace partenaire</Link>
            </Button>
          </HStack>
        </>
      ) : (
        <Stack gap="2" aria-live="polite">
          {called && <Text color="gray.700">Confirmation en cours…</Text>}
          <PageLoader />
        </Stack>
      )}
    </Stack>
  );
}
