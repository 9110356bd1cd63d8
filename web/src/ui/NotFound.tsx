import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { useHttpStatus } from "../ssr/render-context";
import { usePageTitle } from "./usePageTitle";

/** The title of a page that does not exist (a route, or an article or a service unknown). */
export const NOT_FOUND_TITLE = "Page introuvable";

export function NotFound({
  message = "La page que vous cherchez n'existe pas ou a été déplacée.",
}: {
  message?: string;
}) {
  usePageTitle(NOT_FOUND_TITLE);
  // Rendered on the server, the page answers 404.
  useHttpStatus(404);
  return (
    <Stack gap="4" align="flex-start" py="8">
      <Heading as="h1" size="2xl">
        Page introuvable
      </Heading>
      <Text>{message}</Text>
      <Button asChild colorPalette="brand">
        <Link to="/">Retour à l'accueil</Link>
      </Button>
    </Stack>
  );
}
