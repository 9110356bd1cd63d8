import { Button, type ButtonProps } from "@chakra-ui/react";
import { type Ref } from "react";
import { useHydrated } from "./useHydrated";

/**
 * A button that says it is getting ready (`loading`) until the page is live: a tap before then
 * would be lost. Only the button is drawn again when the page comes alive (see WhenLive).
 */
export function LiveButton({ ref, ...props }: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  return <Button ref={ref} {...props} loading={!useHydrated()} />;
}
