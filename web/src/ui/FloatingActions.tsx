import { Box, Button, HStack } from "@chakra-ui/react";
import { type ReactNode } from "react";

/** Spec §9: after a deletion the page goes back one step after 1 s. */
export const BACK_AFTER_DELETE_MS = 1000;

interface FloatingActionsProps {
  label: string;
  abilities: { update: boolean; delete: boolean };
  onEdit: () => void;
  onDelete: () => void;
  /** The dialogs the actions open. */
  children?: ReactNode;
}

/** The edit and delete actions of a detail page, kept at hand bottom-right, as the server allows them. */
export function FloatingActions({ label, abilities, onEdit, onDelete, children }: FloatingActionsProps) {
  if (!abilities.update && !abilities.delete) return null;
  return (
    <Box
      position="fixed"
      bottom="6"
      right="6"
      zIndex="docked"
      bg="white"
      p="2"
      borderRadius="full"
      shadow="lg"
      borderWidth="1px"
      role="group"
      aria-label={label}
    >
      <HStack gap="2">
        {abilities.update && (
          <Button colorPalette="brand" borderRadius="full" onClick={onEdit}>
            Modifier
          </Button>
        )}
        {abilities.delete && (
          <Button colorPalette="red" variant="outline" borderRadius="full" onClick={onDelete}>
            Supprimer
          </Button>
        )}
      </HStack>
      {children}
    </Box>
  );
}
