import { Alert, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { useConfirmAlertMutation } from "../generated/alerts";
import { ALERT_MESSAGES, ALERT_RHYTHM_LABELS } from "../form-rules";
import { answeredByServer, LinkRefused, linkProblem, useAlertToken } from "../modules/alerts/AlertLink";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Confirmer mon alerte";

/**
 * The page of an alert's confirmation link (`/alertes/confirmer?jeton=…`). Opening the link
 * changes nothing (mail scanners follow links): the alert starts on « Confirmer mon alerte ».
 */
export default function AlertConfirmPage() {
  usePageTitle(TITLE);
  const token = useAlertToken();
  const [confirm, { data, error, loading }] = useConfirmAlertMutation();
  const outcome = useRef<HTMLDivElement>(null);
  const alert = data?.confirmAlert;

  useEffect(() => {
    if (alert || error) outcome.current?.focus();
  }, [alert, error]);

  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      {!token ? (
        <LinkRefused message={ALERT_MESSAGES.invalidLink} />
      ) : alert ? (
        <Stack gap="4" ref={outcome} tabIndex={-1} outline="none">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title color="green.900">Votre alerte est active.</Alert.Title>
          </Alert.Root>
          <Text>
            Vous serez prévenu·e des nouveautés de : <strong>{alert.label}</strong> (
            {ALERT_RHYTHM_LABELS[alert.rhythm].toLowerCase()}).
          </Text>
          <Text>
            Chaque e-mail contient un lien pour arrêter l'alerte et un lien « Mes alertes » pour changer son rythme, la
            mettre en pause ou tout effacer.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <Link to={alert.listPath}>Voir la recherche</Link>
            </Button>
          </HStack>
        </Stack>
      ) : error && answeredByServer(error) ? (
        <div ref={outcome} tabIndex={-1}>
          <LinkRefused message={linkProblem(error)} />
        </div>
      ) : (
        <Stack gap="4" align="flex-start">
          <Text>
            Vous avez demandé à être prévenu·e par e-mail des nouveautés d'une recherche du portail. Confirmez-le : vous
            ne recevrez rien sans cet accord.
          </Text>
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title color="red.800">{linkProblem(error)}</Alert.Title>
            </Alert.Root>
          )}
          <Button
            colorPalette="brand"
            loading={loading}
            loadingText="Confirmation…"
            onClick={() => void confirm({ variables: { token } }).catch(() => undefined)}
          >
            Confirmer mon alerte
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
