/** One JSON line per event on stdout/stderr; never pass secrets or credentials here. */
type Fields = Record<string, unknown>;

const write = (level: "info" | "warn" | "error", event: string, fields: Fields = {}) => {
  if (process.env.NODE_ENV === "test" && level === "info") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  (level === "error" ? process.stderr : process.stdout).write(line + "\n");
};

export const logger = {
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};

/**
 * An error as a log line says it, without the values a database message quotes (MySQL's
 * « Duplicate entry 'someone@example.org' », « Incorrect string value: '…' »): an address or a
 * text typed by a user stays out of the logs; the key or column it names stays in.
 */
export function errorSummary(error: unknown): string {
  return String(error).replace(/\b(entry|value:?)\s+'(?:[^'\\]|\\.)*'/gi, "$1 '…'");
}
