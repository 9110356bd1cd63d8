import { useCallback, useState } from "react";
import { saveProblems } from "./errors";

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * The errors a form shows: the server's for a field until that field changes, else the
 * form's own once the field was left or the form submitted (a blank form opens calm).
 */
export function visibleErrors<F extends string>(
  client: Errors<F>,
  server: Errors<F>,
  touched: ReadonlySet<F>,
  submitted: boolean,
): Errors<F> {
  const shown: Errors<F> = {};
  for (const field of new Set([...Object.keys(client), ...Object.keys(server)]) as Set<F>) {
    const error = server[field] ?? (submitted || touched.has(field) ? client[field] : undefined);
    if (error) shown[field] = error;
  }
  return shown;
}

/**
 * What a create or edit form tells its user, beside its values: which fields were left,
 * whether it was submitted, what the server refused. Shared by the dialogs' forms.
 */
export function useFormFeedback<F extends string>(clientErrors: Errors<F>) {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<F>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  /** A field left: its own errors may now show. */
  const touch = useCallback(
    (field: F) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))),
    [],
  );

  /** Fields changed: the server's messages about them no longer hold. */
  const clear = useCallback((...fields: F[]) => {
    setServerErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  }, []);

  /** A submission starts: every error may show, the server's previous answer is dropped. */
  const submitting = useCallback(() => {
    setSubmitted(true);
    setServerErrors({});
    setServerMessage(null);
  }, []);

  /** The server refused: its messages go under the fields `place` maps them to, the rest above the form. */
  const refused = useCallback((error: unknown, place: (serverField: string) => F | undefined) => {
    const problems = saveProblems(error, place);
    setServerErrors(problems.fields);
    setServerMessage(problems.message);
  }, []);

  return {
    errors: visibleErrors(clientErrors, serverErrors, touched, submitted),
    submitted,
    serverMessage,
    touch,
    clear,
    submitting,
    refused,
  };
}
