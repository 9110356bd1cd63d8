import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { useHttpStatus } from "../ssr/render-context";
import { usePageTitle } from "./usePageTitle";

export function NotFound({
  message = "La page que vous cherchez n'existe pas ou a été déplacée.",
}: {
  message?: string;
}) {
  usePageTitle("Page introuvable");
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
