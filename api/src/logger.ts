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
