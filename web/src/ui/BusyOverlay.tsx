import { AbsoluteCenter, Box, Spinner } from "@chakra-ui/react";

/** Covers a dialog while it saves, so nothing is clicked twice. */
export function BusyOverlay({ busy, label = "Enregistrement en cours" }: { busy: boolean; label?: string }) {
  if (!busy) return null;
  return (
    <Box
      position="absolute"
      inset="0"
      bg="whiteAlpha.700"
      zIndex="overlay"
      borderRadius="inherit"
      role="status"
      aria-label={label}
    >
      <AbsoluteCenter>
        <Spinner size="xl" color="brand.600" />
      </AbsoluteCenter>
    </Box>
  );
}
