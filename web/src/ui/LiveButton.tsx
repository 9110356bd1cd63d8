import { Button, type ButtonProps, Spinner } from "@chakra-ui/react";
import { type Ref } from "react";
import { useHydrated } from "./useHydrated";

/**
 * A button that says it is getting ready until the page is live (a tap before then would be
 * lost): disabled, its label as it will be, a small spinner in its padding. Nothing moves when it
 * turns live: the spinner takes no room, so the button keeps its width and the row its wrapping.
 * `loading` (with its `loadingText`) is the button's own work once live, as on any button. Only
 * the button is drawn again when the page comes alive (see WhenLive).
 */
export function LiveButton({
  ref,
  children,
  loading = false,
  loadingText,
  ...props
}: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const live = useHydrated();
  return (
    <Button
      ref={ref}
      {...props}
      loading={loading || !live}
      loadingText={loading ? loadingText : children}
      spinner={
        loading ? undefined : (
          <Spinner position="absolute" insetStart="1" boxSize="3" borderWidth="2px" color="inherit" />
        )
      }
    >
      {children}
    </Button>
  );
}
