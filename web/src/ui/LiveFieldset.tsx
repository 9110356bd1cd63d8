import { chakra } from "@chakra-ui/react";
import { type ReactNode } from "react";
import { useHydrated } from "./useHydrated";

/**
 * A form's controls, disabled until the page is live: on a slow phone the server's form
 * shows at once, and waits for its code before it takes what a parent types.
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const live = useHydrated();
  return (
    <chakra.fieldset disabled={!live} aria-busy={!live} border="0" p="0" m="0" minW="0">
      {children}
    </chakra.fieldset>
  );
}
