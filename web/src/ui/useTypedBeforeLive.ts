import { type RefObject, useEffect, useRef } from "react";

/**
 * Text typed into a server-rendered input before the page went live (a slow phone: the field
 * shows at once, its code comes seconds later). React keeps it on screen but not in its state,
 * and the next render would wipe it: once live, it is handed to `keep`, once.
 */
export function useTypedBeforeLive(
  input: RefObject<HTMLInputElement | null>,
  rendered: string,
  keep: (typed: string) => void,
): void {
  const first = useRef({ rendered, keep });
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== first.current.rendered) first.current.keep(typed);
  }, [input]);
}
