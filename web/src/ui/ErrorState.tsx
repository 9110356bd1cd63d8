import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { nextRetrySeconds, retryStarted } from "./retry-backoff";

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
 * must never read « aucun résultat » when the network is what failed. The load is tried again
 * by itself: at once when a phone that lost its network (a train, a lift) is back online, and
 * after a wait that grows (retry-backoff.ts) while the portal does not answer, the seconds left
 * shown; « Réessayer » does not wait.
 */
export function ErrorState({
  message = LOAD_FAILED_MESSAGE,
  onRetry,
  offlineNote = OFFLINE_NOTE,
  compact = false,
  retrying = false,
  autoRetry = true,
}: {
  message?: string;
  onRetry: () => void;
  offlineNote?: string;
  /** A part of a page (a dialog, a menu, an editor): a short block where the part goes. */
  compact?: boolean;
  /** A retry is on its way (the message stays meanwhile: see useLoadFailed). */
  retrying?: boolean;
  /** False when trying again means reloading the page (a fault, not a network failure). */
  autoRetry?: boolean;
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

  // The seconds left before the next automatic retry, counted down (none offline: the browser
  // says when the network is back). Known from the first render, so that it is read out with
  // the message.
  const waiting = autoRetry && online && !retrying;
  const [left, setLeft] = useState(() => (waiting ? nextRetrySeconds(Date.now()) : 0));
  useEffect(() => {
    if (!waiting) return;
    let seconds = nextRetrySeconds(Date.now());
    setLeft(seconds);
    const clock = setInterval(() => {
      if (--seconds > 0) return setLeft(seconds);
      retryStarted(Date.now());
      retry.current();
      // Still shown (a retry that keeps the message without saying so): the next one is due.
      setLeft((seconds = nextRetrySeconds(Date.now())));
    }, 1000);
    return () => clearInterval(clock);
  }, [waiting]);

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
        {/* Counted down each second, read once with the message, not at every tick. */}
        {autoRetry && online && (
          <Text color="red.800" aria-live="off">
            {retrying ? "Nouvelle tentative en cours…" : left > 0 && `Nouvelle tentative dans ${left} s`}
          </Text>
        )}
        <Button colorPalette="brand" size={compact ? "sm" : undefined} onClick={onRetry}>
          Réessayer
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Whether a load has failed, held while it is tried again: the query clears its error while
 * the retry runs, and the message would give way to the placeholders and come back (read out
 * again, the page jumping) at each attempt of an outage.
 */
export function useLoadFailed(failed: boolean, loading: boolean): boolean {
  const [held, setHeld] = useState(failed);
  const now = failed || (held && loading);
  if (now !== held) setHeld(now);
  return now;
}
