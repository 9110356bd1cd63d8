import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useSyncExternalStore } from "react";

export const LOAD_FAILED_MESSAGE =
  "Le chargement a échoué : le portail ne répond pas ou votre connexion est interrompue.";
export const OFFLINE_NOTE = "Vous êtes hors connexion : la page se recharge d'elle-même au retour du réseau.";

const subscribeToConnection = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

/**
 * Loading failed (not: nothing found). Says so plainly, and offers to try again: a family
 * must never read « aucun résultat » when the network is what failed. A phone that lost its
 * network (a train, a lift) tries again by itself as soon as the browser is back online.
 */
export function ErrorState({
  message = LOAD_FAILED_MESSAGE,
  onRetry,
  offlineNote = OFFLINE_NOTE,
  compact = false,
}: {
  message?: string;
  onRetry: () => void;
  offlineNote?: string;
  /** A part of a page (a dialog, a menu, an editor): a short block where the part goes. */
  compact?: boolean;
}) {
  const online = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const retryOnline = () => retry.current();
    window.addEventListener("online", retryOnline);
    return () => window.removeEventListener("online", retryOnline);
  }, []);
  return (
    <Box
      role="alert"
      textAlign="center"
      py={compact ? "3" : "10"}
      px={compact ? "3" : "4"}
      bg="red.50"
      borderRadius="md"
      borderWidth="1px"
      borderColor="red.200"
    >
      <Stack gap={compact ? "2" : "4"} align="center">
        <Text fontSize={compact ? "md" : "lg"} color="red.800">
          {message}
        </Text>
        {online ? null : <Text color="red.800">{offlineNote}</Text>}
        <Button colorPalette="brand" size={compact ? "sm" : undefined} onClick={onRetry}>
          Réessayer
        </Button>
      </Stack>
    </Box>
  );
}
