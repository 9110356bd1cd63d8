import { Box, Text } from "@chakra-ui/react";

export const NO_RESULT_MESSAGE = "Aucun résultat correspondant à votre recherche";

export function EmptyState({ message = NO_RESULT_MESSAGE }: { message?: string }) {
  return (
    <Box role="status" textAlign="center" py="12" px="4" bg="white" borderRadius="md" borderWidth="1px">
      <Text fontSize="lg" color="gray.700">
        {message}
      </Text>
    </Box>
  );
}
