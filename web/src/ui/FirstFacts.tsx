import { Stack } from "@chakra-ui/react";
import { type ReactNode } from "react";

/** The framed block right under a detail page's title: what a family needs first, named for screen readers. */
export function FirstFacts({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      as="section"
      aria-label={label}
      gap="3"
      bg="white"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: "4", md: "5" }}
    >
      {children}
    </Stack>
  );
}
