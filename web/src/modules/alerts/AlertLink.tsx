import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../ui/errors";
import { LOAD_FAILED_MESSAGE } from "../../ui/ErrorState";
import "../../ui/more-recipes";

/** The signed token of an alert's e-mailed link (`?jeton=…`); empty when the link was cut. */
export function useAlertToken(): string {
  const [params] = useSearchParams();
  return params.get("jeton")?.trim() ?? "";
}

/** Whether the server answered (a link refused, an alert ended) rather than the network failing. */
export const answeredByServer = (error: unknown): boolean => CombinedGraphQLErrors.is(error);

/** A failed call as the pages of the links say it: the server's words, or that the network failed. */
export const linkProblem = (error: unknown): string => errorMessage(error, LOAD_FAILED_MESSAGE);

/**
 * A link that cannot be used (expired, cut, already ended): the server's message and what to do,
 * ask a new alert from a list.
 */
export function LinkRefused({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Stack gap="4">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title color="red.800">{message}</Alert.Title>
      </Alert.Root>
      {children ?? (
        <Text>
          Pour être prévenu·e des nouveautés, ouvrez une liste, choisissez votre recherche et appuyez sur « Me prévenir
          » : un nouvel e-mail vous sera envoyé.
        </Text>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/services">Lieux, offres de partenaires</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/actualites">Actualités</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
