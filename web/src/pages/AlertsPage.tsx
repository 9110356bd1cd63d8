import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useAlertsOfAddressQuery, useEraseAlertAddressMutation } from "../generated/alerts";
import { ALERT_MESSAGES, ALERT_PRIVACY_NOTE } from "../form-rules";
import { AlertCard } from "../modules/alerts/AlertCard";
import { answeredByServer, LinkRefused, linkProblem, useAlertToken } from "../modules/alerts/AlertLink";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { ErrorState } from "../ui/ErrorState";
import { PageLoader } from "../ui/PageLoader";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Mes alertes";

/**
 * « Mes alertes » (`/alertes?jeton=…`, the signed link of every alert e-mail): the alerts of one
 * address, each paused, resumed, changed or deleted, and « Tout effacer » for everything the portal
 * keeps about the address. No account: the link is the key.
 */
export default function AlertsPage() {
  usePageTitle(TITLE);
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
    if (!token) return <LinkRefused message={ALERT_MESSAGES.invalidLink} />;
    if (erased) {
      return (
        <Text ref={erasedNote} tabIndex={-1} outline="none" role="status" fontWeight="semibold" color="green.800">
          C'est fait : vos alertes et votre adresse e-mail sont effacées. Vous ne recevrez plus aucun e-mail d'alerte.
        </Text>
      );
    }
    if (!address) {
      if (error && answeredByServer(error)) return <LinkRefused message={linkProblem(error)} />;
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
        {TITLE}
      </Heading>
      {content()}
    </Stack>
  );
}
