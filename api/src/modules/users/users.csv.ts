import { TOWN_TO_SPECIFY, townToSpecify } from "../../shared/form-rules";
import { formatIsoDay, parisDay } from "../../shared/rules";
import { withoutBidiControls } from "../common/clean-text";
import { NETWORK_LABELS, ROLE_LABELS, USER_STATUS_LABELS } from "../reference/reference.data";
import { type User } from "./user.entity";

const COLUMNS: Array<[string, (user: User) => string]> = [
  ["Nom", (u) => u.name],
  ["Prénom", (u) => u.surname],
  ["E-mail", (u) => u.email],
  ["Téléphone fixe", (u) => u.phone],
  ["Téléphone portable", (u) => u.mobile ?? ""],
  ["Rôle", (u) => ROLE_LABELS[u.role]],
  ["État", (u) => USER_STATUS_LABELS[u.status]],
  ["Création", (u) => formatIsoDay(parisDay(u.createdAt))],
  ["Expiration", (u) => (u.expiration ? formatIsoDay(u.expiration) : "Aucune")],
  ["Réseaux", (u) => u.networks.map((n) => NETWORK_LABELS[n]).join(", ")],
  ["Commune", (u) => (townToSpecify(u) ? TOWN_TO_SPECIFY : (u.city ?? ""))],
  ["Intercommunalité", (u) => u.epci ?? ""],
  ["Adresse", (u) => u.fullAddress ?? ""],
];

/** Neutralises spreadsheet formulas (a cell starting with = + - @ would run in Excel). */
const PHONE_NUMBER = /^\+[\d\s().-]+$/;

const cell = (raw: string) => {
  // Rows stored before the input dropped bidirectional controls may hold some: none leaves,
  // and a formula they hid (« \u202E=… ») is neutralised as any other.
  const value = withoutBidiControls(raw);
  const safe = /^[=+\-@\t\r]/.test(value) && !PHONE_NUMBER.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV for French Excel: UTF-8 with BOM, `;` separators, CRLF line ends. */
export function usersCsv(users: User[]): string {
  const lines = [COLUMNS.map(([title]) => title), ...users.map((user) => COLUMNS.map(([, read]) => read(user)))];
  return "\uFEFF" + lines.map((line) => line.map(cell).join(";")).join("\r\n") + "\r\n";
}
