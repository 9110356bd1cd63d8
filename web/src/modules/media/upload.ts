/**
 * File uploads: a GraphQL multipart request (graphql-multipart-request-spec) to
 * /graphql, without any extra dependency. The server reads the real type from
 * the bytes; the checks here only spare the user a useless upload.
 */
import { useCallback } from "react";
import { SESSION_LOST_EVENT } from "../../apollo/client";
import { useSession } from "../auth/session";
import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_MIME_TYPES,
  MAX_ARTICLE_FILES,
  MAX_UPLOAD_BYTES,
  TOO_MANY_FILES,
  UPLOAD_REFUSED,
  UPLOAD_TOO_LARGE,
} from "../../form-rules";

export interface UploadedFile {
  link: string;
  name: string;
  type: string;
}

/** 10 Mo, as on the server. */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/** Attachments of one article. */
export const MAX_FILES = MAX_ARTICLE_FILES;

export const FILE_TOO_LARGE = UPLOAD_TOO_LARGE;
export { TOO_MANY_FILES };
export const FILE_TYPE_REFUSED = UPLOAD_REFUSED;
export const UPLOAD_FAILED = "Échec de l'import du fichier";

export { ACCEPTED_EXTENSIONS, ACCEPTED_MIME_TYPES };

/** The `accept` attribute of the file inputs. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_MIME_TYPES, ...ACCEPTED_EXTENSIONS].join(",");

/** Images the editor inserts in the body (shown inline by the portal). */
export const BODY_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** An upload refused before or by the server; its message is French and shown as is. */
export class UploadError extends Error {
  override name = "UploadError";
  /** The server's code (`UNAUTHENTICATED`: the session has ended, see `sessionRefused`). */
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type FileLike = Pick<File, "name" | "size" | "type">;

export function isAcceptedFile(file: Pick<File, "name" | "type">): boolean {
  const name = file.name.toLowerCase();
  return (
    (ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type) ||
    ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))
  );
}

/** Why one file cannot be uploaded, or null. */
export function fileProblem(file: FileLike): string | null {
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  if (!isAcceptedFile(file)) return FILE_TYPE_REFUSED;
  return null;
}

/** Why these files cannot be added to the `current` ones (at most 6 in all), or null. */
export function filesProblem(currentCount: number, added: readonly FileLike[]): string | null {
  if (currentCount + added.length > MAX_FILES) return TOO_MANY_FILES;
  for (const file of added) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  return null;
}

const UPLOAD_MUTATION = "mutation ($file: Upload!) { uploadFile(file: $file) { link name type } }";

interface UploadResponse {
  data?: { uploadFile?: UploadedFile | null } | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

/** Sends one file; resolves with its link on the portal, or rejects with an UploadError. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  if (file.size > MAX_FILE_BYTES) throw new UploadError(FILE_TOO_LARGE);
  const body = new FormData();
  body.append("operations", JSON.stringify({ query: UPLOAD_MUTATION, variables: { file: null } }));
  body.append("map", JSON.stringify({ "0": ["variables.file"] }));
  body.append("0", file, file.name);

  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      body,
      credentials: "same-origin",
      // The server refuses multipart requests without it (CSRF protection).
      headers: { "Apollo-Require-Preflight": "true" },
    });
  } catch {
    throw new UploadError(UPLOAD_FAILED);
  }
  const payload = (await response.json().catch(() => null)) as UploadResponse | null;
  const uploaded = payload?.data?.uploadFile;
  if (uploaded && !payload?.errors?.length) return uploaded;
  if (response.status === 413) throw new UploadError(FILE_TOO_LARGE);
  const [error] = payload?.errors ?? [];
  throw new UploadError(error?.message || UPLOAD_FAILED, error?.extensions?.code);
}

/** Whether an upload was refused because the session has ended (the sign-in dialog then says so). */
export const isSessionRefusal = (error: unknown) => error instanceof UploadError && error.code === "UNAUTHENTICATED";

/**
 * `uploadFile` for the pages: an upload refused because the session has ended asks to sign in
 * again, as a refused operation does, and the page keeps what was typed.
 */
export function useUploadFile(): (file: File) => Promise<UploadedFile> {
  const { user } = useSession();
  return useCallback(
    async (file: File) => {
      try {
        return await uploadFile(file);
      } catch (error) {
        // As the client's link does for a refused operation (apollo/client.ts).
        if (user && isSessionRefusal(error)) dispatchEvent(new CustomEvent(SESSION_LOST_EVENT, { detail: user }));
        throw error;
      }
    },
    [user],
  );
}
