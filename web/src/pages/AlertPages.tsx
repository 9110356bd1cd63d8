/**
 * The pages of the alerts' e-mailed links, one module (one chunk, one entry of the pages' map
 * every page carries): confirm, « Mes alertes », stop. Each carries its signed token in `?jeton=`.
 */
import { Alert, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import {
  useAlertsOfAddressQuery,
  useConfirmAlertMutation,
  useEraseAlertAddressMutation,
  useStopAlertMutation,
} from "../generated/alerts";
import { ALERT_MESSAGES, ALERT_PRIVACY_NOTE, ALERT_RETENTION, ALERT_RHYTHM_LABELS } from "../form-rules";
import { answeredByServer, linkProblem, LinkRefused, useAlertToken } from "../modules/alerts/AlertLink";
import { usePageTitle } from "../ui/usePageTitle";
import { AlertCard } from "../modules/alerts/AlertCard";
import { AlertsLinkRequest } from "../modules/alerts/AlertsLinkRequest";
import { LinkActionPage } from "../modules/alerts/LinkActionPage";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { ErrorState } from "../ui/ErrorState";
import { PageLoader } from "../ui/PageLoader";
import { notify } from "../ui/toaster";
import "../ui/more-recipes";

/** The page of an alert's confirmation link (`/alertes/confirmer?jeton=…`): the alert starts on the press. */
export function AlertConfirmPage() {
  const token = useAlertToken();
  const [confirm, { data, error, loading }] = useConfirmAlertMutation();
  const alert = data?.confirmAlert;
  return (
    <LinkActionPage
      title="Confirmer mon alerte"
      token={token}
      intro="Vous avez demandé à être prévenu·e par e-mail des nouveautés d'une recherche du portail. Confirmez-le : vous ne recevrez rien sans cet accord."
      action="Confirmer mon alerte"
      busy="Confirmation…"
      onAction={() => void confirm({ variables: { token } }).catch(() => undefined)}
      loading={loading}
      error={error}
      done={
        alert && (
          <>
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title color="green.900">Votre alerte est active.</Alert.Title>
            </Alert.Root>
            <Text>
              Vous serez prévenu·e des nouveautés de : <strong>{alert.label}</strong>, rythme :{" "}
              {ALERT_RHYTHM_LABELS[alert.rhythm].toLowerCase()}.
            </Text>
            <Text>
              Chaque e-mail contient un lien pour arrêter l'alerte et un lien « Mes alertes » pour changer son rythme,
              la mettre en pause ou tout effacer.
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild colorPalette="brand">
                <Link to={alert.listPath}>Voir la recherche</Link>
              </Button>
            </HStack>
          </>
        )
      }
    />
  );
}

/**
 * The page of an alert's stop link (`/alertes/arreter?jeton=…`): the alert ends on the press. Mail
 * programs' one-click unsubscribe posts to the API instead.
 */
export function AlertStopPage() {
  const token = useAlertToken();
  const [stop, { data, error, loading }] = useStopAlertMutation();
  const alert = data?.stopAlert;
  return (
    <LinkActionPage
      title="Ne plus recevoir cette alerte"
      token={token}
      intro="Vous ne recevrez plus les e-mails de cette alerte. Vos autres alertes continuent."
      action="Ne plus recevoir cette alerte"
      busy="Arrêt de l'alerte…"
      onAction={() => void stop({ variables: { token } }).catch(() => undefined)}
      loading={loading}
      error={error}
      refusedNote={<Text>Vous ne recevrez plus d'e-mail de cette alerte si elle est terminée ou n'existe plus.</Text>}
      done={
        alert && (
          <>
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title color="green.900">C'est fait : vous ne recevrez plus cette alerte.</Alert.Title>
            </Alert.Root>
            <Text>
              L'alerte « {alert.label} » est terminée. Elle sera effacée au bout de {ALERT_RETENTION.endedDays} jours ;
              le lien « Mes alertes » de vos e-mails efface tout dès maintenant.
            </Text>
          </>
        )
      }
    />
  );
}

const MANAGE_TITLE = "Mes alertes";

/**
 * « Mes alertes » (`/alertes?jeton=…`, the signed link of every alert e-mail): the alerts of one
 * address, each paused, resumed, changed or deleted, and « Tout effacer » for everything the portal
 * keeps about the address. No account: the link is the key.
 */
export function AlertsPage() {
  usePageTitle(MANAGE_TITLE);
  const token = useAlertToken();
  const { data, error, loading, refetch } = useAlertsOfAddressQuery({
    variables: { token },
    skip: !token,
    fetchPolicy: "network-only",
  });
  const [erase] = useEraseAlertAddressMutation();
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState(false);
  const reload = () => void refetch().catch(() => undefined);
  // Where the focus goes when what held it (a deleted alert, « Tout effacer ») is gone.
  const erasedNote = useRef<HTMLParagraphElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (erased) erasedNote.current?.focus();
  }, [erased]);
  const deleted = () =>
    void refetch().then(
      () => summary.current?.focus(),
      () => undefined,
    );
  const address = data?.alertsOfAddress;

  const content = () => {
    if (!token) return <LinkRefused message={ALERT_MESSAGES.invalidLink} ask={<AlertsLinkRequest />} />;
    if (erased) {
      return (
        <Text ref={erasedNote} tabIndex={-1} outline="none" role="status" fontWeight="semibold" color="green.800">
          C'est fait : vos alertes et votre adresse e-mail sont effacées. Vous ne recevrez plus aucun e-mail d'alerte.
        </Text>
      );
    }
    if (!address) {
      if (error && answeredByServer(error)) {
        return <LinkRefused message={linkProblem(error)} ask={<AlertsLinkRequest />} />;
      }
      if (error) return <ErrorState onRetry={reload} retrying={loading} />;
      return <PageLoader />;
    }
    return (
      <Stack gap="5">
        <Text ref={summary} tabIndex={-1} outline="none">
          Les alertes de l'adresse <strong>{address.email}</strong>.
        </Text>
        {address.alerts.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text>Vous n'avez aucune alerte.</Text>
            <Text>Pour en demander une, choisissez une recherche dans une liste et appuyez sur « Me prévenir ».</Text>
            <Button asChild colorPalette="brand">
              <Link to="/services">Lieux, offres de partenaires</Link>
            </Button>
          </Stack>
        ) : (
          <Stack gap="3" as="ul" listStyleType="none">
            {address.alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} token={token} onDeleted={deleted} />
              </li>
            ))}
          </Stack>
        )}
        <Stack as="section" gap="2" aria-labelledby="erase-heading" borderTopWidth="1px" pt="4">
          <Heading as="h2" size="md" id="erase-heading">
            Vos données
          </Heading>
          <Text fontSize="sm" color="gray.700">
            {ALERT_PRIVACY_NOTE}
          </Text>
          <Button alignSelf="flex-start" variant="outline" colorPalette="red" onClick={() => setErasing(true)}>
            Tout effacer
          </Button>
        </Stack>
        <ConfirmDialog
          open={erasing}
          title="Tout effacer ?"
          confirmLabel="Tout effacer"
          onClose={() => setErasing(false)}
          onConfirm={async () => {
            try {
              await erase({ variables: { token } });
              setErased(true);
            } catch (failure) {
              notify.error(linkProblem(failure));
            }
          }}
        >
          <Text>
            Toutes les alertes de {address.email}, leurs envois et l'adresse elle-même seront effacés. Vous ne recevrez
            plus aucun e-mail d'alerte.
          </Text>
        </ConfirmDialog>
      </Stack>
    );
  };

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="2xl">
        {MANAGE_TITLE}
      </Heading>
      {content()}
    </Stack>
  );
}
