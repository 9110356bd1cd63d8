import { useEffect, useRef, useState } from "react";

/**
 * After a refused submission, moves the focus to the form's first field in error (once
 * the errors are rendered), so a keyboard or screen reader user lands where to act.
 */
export function useFocusOnError<T extends HTMLElement = HTMLFormElement>() {
  const container = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return { container, focusFirstError: () => setAttempt((count) => count + 1) };
}
