/**
 * Column types that differ between the two engines. The engine is fixed for the
 * life of the process (DATABASE_URL), and entities and migrations both read it
 * here, so the schema the migrations build is exactly the one the entities declare.
 */
export const isMysql = (url = process.env.DATABASE_URL): boolean => /^(mysql|mariadb):/i.test(url?.trim() ?? "");

/** Up to 16 MB on MySQL (Quill documents); SQLite's TEXT has no practical limit. */
export const LONG_TEXT = isMysql() ? "mediumtext" : "text";

/** A chunk of a stored file (database storage): 256 KiB pieces fit MySQL's MEDIUMBLOB (16 MB). */
export const FILE_CHUNK = isMysql() ? "mediumblob" : "blob";
