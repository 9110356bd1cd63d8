import { Box, Stack, Text } from "@chakra-ui/react";
import { type ReactNode } from "react";

export const NO_RESULT_MESSAGE = "Aucun résultat correspondant à votre recherche";

/** Nothing matches: says so, and offers the next step when there is one. */
export function EmptyState({ message = NO_RESULT_MESSAGE, action }: { message?: string; action?: ReactNode }) {
  return (
    <Box role="status" textAlign="center" py="12" px="4" bg="white" borderRadius="md" borderWidth="1px">
      <Stack gap="4" align="center">
        <Text fontSize="lg" color="gray.700">
          {message}
        </Text>
        {action}
      </Stack>
    </Box>
  );
}
