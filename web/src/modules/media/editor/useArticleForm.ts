import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import type { MediaFullFragment, MediaInput } from "../../../generated/media";
import { errorMessage, fieldErrors } from "../../../ui/errors";
import { notify } from "../../../ui/toaster";
import { filesProblem, isSessionRefusal, UploadError, useUploadFile } from "../upload";
import {
  type ArticleFormErrors,
  type ArticleFormField,
  type ArticleFormValues,
  buildMediaInput,
  type FileEntry,
  hasErrors,
  INVALID_FORM,
  validateArticleForm,
} from "./article-form";

interface UseArticleFormOptions {
  initial: () => ArticleFormValues;
  /** The edited media (dates, position and attachments it already had); null for a new article. */
  original?: MediaFullFragment | null;
  /** Saves the input; rejects with the server's error. */
  save: (input: MediaInput) => Promise<void>;
}

let entryCounter = 0;

/**
 * The article form's state and submission, shared by the new-article page and
 * the edit dialog: validate, upload new attachments, then save. On failure the
 * server's message is shown and everything typed stays.
 */
export function useArticleForm({ initial, original = null, save }: UseArticleFormOptions) {
  const [values, setValues] = useState<ArticleFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ArticleFormErrors>({});
  /** What is being done while saving (the busy overlay's label), or null. */
  const [busy, setBusy] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const uploadFile = useUploadFile();

  const errors = useMemo(() => validateArticleForm(values, { original }), [values, original]);
  const shownErrors: ArticleFormErrors = { ...(submitted ? errors : {}), ...serverErrors };

  const change = useCallback(<F extends ArticleFormField>(field: F, value: ArticleFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _fixed, ...others } = current;
      return others;
    });
  }, []);

  const addFiles = (files: File[]) => {
    const kept = values.files.filter((entry) => !entry.removed).length;
    const problem = filesProblem(kept, files);
    if (problem) {
      notify.error(problem);
      return;
    }
    const added: FileEntry[] = files.map((file) => ({
      key: `new-${++entryCounter}`,
      name: file.name,
      stored: null,
      file,
      existing: false,
      removed: false,
    }));
    change("files", [...values.files, ...added]);
  };

  const toggleFile = (key: string) => {
    const entry = values.files.find((candidate) => candidate.key === key);
    if (!entry) return;
    if (!entry.existing)
      change(
        "files",
        values.files.filter((candidate) => candidate.key !== key),
      );
    else
      change(
        "files",
        values.files.map((c) => (c.key === key ? { ...c, removed: !c.removed } : c)),
      );
  };

  /** Sends the attachments not on the server yet; each one done is remembered, so a retry skips it. */
  const uploadPending = async (entries: FileEntry[]): Promise<FileEntry[]> => {
    const pending = entries.filter((entry) => !entry.removed && !entry.stored && entry.file);
    const done = [...entries];
    for (const [position, entry] of pending.entries()) {
      setBusy(`Envoi du fichier ${position + 1} sur ${pending.length} : ${entry.name}`);
      const uploaded = await uploadFile(entry.file!);
      const stored: FileEntry = {
        ...entry,
        file: null,
        stored: { path: uploaded.link, name: uploaded.name, type: uploaded.type },
      };
      done[done.indexOf(entry)] = stored;
      setValues((current) => ({
        ...current,
        files: current.files.map((candidate) => (candidate.key === entry.key ? stored : candidate)),
      }));
    }
    return done;
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus(),
    );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerErrors({});
    if (hasErrors(errors)) {
      notify.error(INVALID_FORM);
      focusFirstError();
      return;
    }
    try {
      setBusy("Envoi des fichiers");
      const files = await uploadPending(values.files);
      setBusy("Enregistrement en cours");
      await save(buildMediaInput({ ...values, files }, original));
    } catch (error) {
      // The session has ended: the sign-in dialog says so, and a new try sends what is left.
      if (isSessionRefusal(error)) return;
      if (error instanceof UploadError) {
        setServerErrors({ files: error.message });
        notify.error(error.message);
      } else {
        const known = Object.entries(fieldErrors(error)).filter(([field]) => field in values);
        setServerErrors(Object.fromEntries(known));
        notify.error(errorMessage(error));
        if (known.length) focusFirstError();
      }
    } finally {
      setBusy(null);
    }
  };

  return { values, errors: shownErrors, submitted, busy, formRef, change, addFiles, toggleFile, submit };
}

export type ArticleFormState = ReturnType<typeof useArticleForm>;
