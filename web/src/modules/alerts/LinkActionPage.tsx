import { Alert, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { usePageTitle } from "../../ui/usePageTitle";
import { ALERT_MESSAGES } from "../../form-rules";
import { answeredByServer, linkProblem, LinkRefused } from "./AlertLink";
import "../../ui/more-recipes";

interface LinkActionPageProps {
  title: string;
  /** The link's token (`?jeton=`), "" when the address has none. */
  token: string;
  /** What pressing the button will do. */
  intro: ReactNode;
  action: string;
  busy: string;
  onAction: () => void;
  loading: boolean;
  error: unknown;
  /** What the page says once done, or null until then. */
  done: ReactNode;
  /** Said under a link the server refused (expired, ended), instead of the default advice. */
  refusedNote?: ReactNode;
}

/**
 * A page of an e-mailed link that acts on one press (confirm an alert, stop it): opening the link
 * changes nothing (mail scanners follow links). The outcome, or the link refused, takes the focus;
 * a network failure keeps the button with its message.
 */
export function LinkActionPage(props: LinkActionPageProps) {
  const { title, token, intro, action, busy, onAction, loading, error, done, refusedNote } = props;
  usePageTitle(title);
  const outcome = useRef<HTMLDivElement>(null);
  const finished = Boolean(done);

  useEffect(() => {
    if (finished || error) outcome.current?.focus();
  }, [finished, error]);

  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {!token ? (
        <LinkRefused message={ALERT_MESSAGES.invalidLink} />
      ) : done ? (
        <Stack gap="4" ref={outcome} tabIndex={-1} outline="none">
          {done}
        </Stack>
      ) : error && answeredByServer(error) ? (
        <div ref={outcome} tabIndex={-1}>
          <LinkRefused message={linkProblem(error)}>{refusedNote}</LinkRefused>
        </div>
      ) : (
        <Stack gap="4" align="flex-start">
          <Text>{intro}</Text>
          {Boolean(error) && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title color="red.800">{linkProblem(error)}</Alert.Title>
            </Alert.Root>
          )}
          <Button colorPalette="brand" loading={loading} loadingText={busy} onClick={onAction}>
            {action}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
