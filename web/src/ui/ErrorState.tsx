import { Box, Button, Stack, Text } from "@chakra-ui/react";

export const LOAD_FAILED_MESSAGE =
  "Le chargement a échoué : le portail ne répond pas ou votre connexion est interrompue.";

/**
 * Loading failed (not: nothing found). Says so plainly, and offers to try again: a family
 * must never read « aucun résultat » when the network is what failed.
 */
export function ErrorState({ message = LOAD_FAILED_MESSAGE, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Box
      role="alert"
      textAlign="center"
      py="10"
      px="4"
      bg="red.50"
      borderRadius="md"
      borderWidth="1px"
      borderColor="red.200"
    >
      <Stack gap="4" align="center">
        <Text fontSize="lg" color="red.800">
          {message}
        </Text>
        <Button colorPalette="brand" onClick={onRetry}>
          Réessayer
        </Button>
      </Stack>
    </Box>
  );
}
