import { Alert, Button, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
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

interface LinkRefusedProps {
  message: string;
  /** How to ask for the « Mes alertes » link: the form on that page, a link to it elsewhere. */
  ask?: ReactNode;
  children?: ReactNode;
}

/**
 * A link that cannot be used (expired, cut, already ended): the server's message and what to do,
 * ask for the « Mes alertes » link or a new alert from a list.
 */
export function LinkRefused({ message, ask, children }: LinkRefusedProps) {
  return (
    <Stack gap="4">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title color="red.800">{message}</Alert.Title>
      </Alert.Root>
      {ask ?? (
        <Text>
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to="/alertes">Recevoir le lien de mes alertes</Link>
          </ChakraLink>
        </Text>
      )}
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
