import { Alert, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { useStopAlertMutation } from "../generated/alerts";
import { ALERT_MESSAGES, ALERT_RETENTION } from "../form-rules";
import { answeredByServer, LinkRefused, linkProblem, useAlertToken } from "../modules/alerts/AlertLink";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Ne plus recevoir cette alerte";

/**
 * The page of an alert's stop link (`/alertes/arreter?jeton=…`). Opening the link ends nothing (a
 * mail scanner's visit must not end an alert): the button does. Mail programs' one-click
 * unsubscribe posts to the API instead.
 */
export default function AlertStopPage() {
  usePageTitle(TITLE);
  const token = useAlertToken();
  const [stop, { data, error, loading }] = useStopAlertMutation();
  const outcome = useRef<HTMLDivElement>(null);
  const alert = data?.stopAlert;

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
            <Alert.Title color="green.900">C'est fait : vous ne recevrez plus cette alerte.</Alert.Title>
          </Alert.Root>
          <Text>
            L'alerte « {alert.label} » est terminée. Elle sera effacée, avec votre adresse, au bout de{" "}
            {ALERT_RETENTION.endedDays} jours ; le lien « Mes alertes » de vos e-mails efface tout dès maintenant.
          </Text>
        </Stack>
      ) : error && answeredByServer(error) ? (
        <div ref={outcome} tabIndex={-1}>
          <LinkRefused message={linkProblem(error)}>
            <Text>Vous ne recevrez plus d'e-mail de cette alerte si elle est terminée ou n'existe plus.</Text>
          </LinkRefused>
        </div>
      ) : (
        <Stack gap="4" align="flex-start">
          <Text>Vous ne recevrez plus les e-mails de cette alerte. Vos autres alertes continuent.</Text>
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title color="red.800">{linkProblem(error)}</Alert.Title>
            </Alert.Root>
          )}
          <Button
            colorPalette="brand"
            loading={loading}
            loadingText="Arrêt de l'alerte…"
            onClick={() => void stop({ variables: { token } }).catch(() => undefined)}
          >
            Ne plus recevoir cette alerte
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
