import { useEffect, useRef, useState } from "react";
import { ERROR_SUMMARY } from "./ErrorSummary";

const FIRST_ERROR = '[aria-invalid="true"]';

/**
 * After a refused submission, moves the focus (once the errors are rendered) to the form's
 * first field in error, or to the summary of its errors at its top, so a keyboard or screen
 * reader user lands where to act, or hears the whole list of what to correct.
 */
export function useFocusOnError<T extends HTMLElement = HTMLFormElement>() {
  const container = useRef<T>(null);
  const [request, setRequest] = useState({ count: 0, target: FIRST_ERROR });
  useEffect(() => {
    if (request.count === 0) return;
    container.current?.querySelector<HTMLElement>(request.target)?.focus();
  }, [request]);
  const focus = (target: string) => setRequest(({ count }) => ({ count: count + 1, target }));
  return {
    container,
    focusFirstError: () => focus(FIRST_ERROR),
    /** The summary when there is one (it comes first in the form), else the first field in error. */
    focusErrorSummary: () => focus(`[${ERROR_SUMMARY}], ${FIRST_ERROR}`),
  };
}
