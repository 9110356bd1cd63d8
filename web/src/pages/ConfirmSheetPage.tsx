import { Alert, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { useConfirmServiceSheetMutation } from "../generated/freshness";
import { errorMessage } from "../ui/errors";
import { PageLoader } from "../ui/PageLoader";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Confirmation de la fiche";

/**
 * The page of the e-mailed « Ces informations sont toujours exactes » link. Opening the link
 * changes nothing (mail scanners follow links): this page sends the confirmation once loaded.
 */
export default function ConfirmSheetPage() {
  usePageTitle(TITLE);
  const { token = "" } = useParams();
  const [confirm, { data, error, called }] = useConfirmServiceSheetMutation();
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
