import { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach } from "vitest";

/** One message as the SMTP server received it, decoded for reading in tests. */
export interface CapturedMail {
  /** Envelope sender and recipients (RCPT TO), lower case. */
  from: string;
  to: string[];
  /** Decoded headers (encoded-words resolved), names in lower case. */
  headers: Record<string, string>;
  subject: string;
  /** The bare address of the Reply-To header, or null. */
  replyTo: string | null;
  /** The text/plain and text/html parts, transfer encoding and charset decoded. */
  text: string;
  html: string;
  /** Every http(s) link found in the text part. */
  links: string[];
  raw: string;
}

// ---------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer sends (multipart,
// quoted-printable, base64, RFC 2047 encoded-words), written here so the tests
// check the bytes on the wire rather than trusting another library's parser.
// ---------------------------------------------------------------------------

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return match
    ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) }
    : { head: raw, body: "" };
}

/** Decodes =?charset?Q|B?...?= words; whitespace between two encoded words is dropped (RFC 2047 §6.2). */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  return value.replace(/\?=\s+=\?/g, "?==?").replace(word, (_m, charset: string, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          );
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  });
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index <= 0) continue;
    const name = line.slice(0, index).trim().toLowerCase();
    // The first occurrence wins (Received headers may repeat; we never need them).
    headers[name] ??= decodeEncodedWords(line.slice(index + 1).trim());
  }
  return headers;
}

const parameter = (header: string, name: string): string | null => {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(header);
  return match ? match[1] : null;
};

function decodeBody(body: string, transferEncoding: string, charset: string): string {
  let bytes: Buffer;
  switch (transferEncoding.toLowerCase()) {
    case "base64":
      bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
      break;
    case "quoted-printable":
      bytes = Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      );
      break;
    default:
      bytes = Buffer.from(body, "latin1");
  }
  return new TextDecoder(charset.toLowerCase()).decode(bytes).replace(/\r\n/g, "\n");
}

/** The text/plain and text/html leaves of a MIME entity, recursively. */
function readParts(entity: string, into: { text: string; html: string }) {
  const { head, body } = splitHead(entity);
  const headers = parseHeaders(head);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = parameter(type, "boundary");
  if (/^multipart\//i.test(type) && boundary) {
    const delimiter = `--${boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    // sections[0] is the preamble; the last one starts with "--" (the closing delimiter).
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      readParts(section.replace(/^[ \t]*\r?\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(
    body,
    headers["content-transfer-encoding"] ?? "7bit",
    parameter(type, "charset") ?? "utf-8",
  );
  if (/^text\/html/i.test(type)) into.html += decoded;
  else if (/^text\/plain/i.test(type)) into.text += decoded;
}

const bareAddress = (value: string | undefined): string | null => {
  if (!value) return null;
  const match = /<([^>]+)>/.exec(value);
  return (match ? match[1] : value).trim().toLowerCase();
};

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { head } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts = { text: "", html: "" };
  readParts(raw, parts);
  return {
    ...envelope,
    headers,
    subject: headers.subject ?? "",
    replyTo: bareAddress(headers["reply-to"]),
    text: parts.text,
    html: parts.html,
    links: [...parts.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
    raw,
  };
}

// ---------------------------------------------------------------------------

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export class Mailbox {
  readonly messages: CapturedMail[] = [];
  /** Addresses the server refuses for good at RCPT TO (550), as a mailbox that does not exist. */
  readonly refused = new Set<string>();
  private server: SMTPServer | null = null;
  private port = 0;

  get url(): string {
    if (!this.server) throw new Error("The mailbox is not started");
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      size: 10 * 1024 * 1024,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        const refusal = Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 });
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", callback);
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("latin1");
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : "";
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          // Stored before the 250 reply, so the sender's request ends after the message is here.
          this.messages.push(parseMail(raw, { from, to }));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  clear(): void {
    this.messages.length = 0;
    this.refused.clear();
  }

  /** Messages sent to an address (envelope recipient). */
  to(address: string): CapturedMail[] {
    return this.messages.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** The first message matching the predicate, waiting for it up to timeoutMs. */
  async waitFor(predicate: (mail: CapturedMail) => boolean = () => true, timeoutMs = 5_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "none";
        throw new Error(`No matching e-mail within ${timeoutMs} ms (received: ${seen})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The set-password link of a message: /changement-mot-de-passe/{userId}/{token}. */
export function passwordLink(mail: CapturedMail): { userId: string; token: string } {
  const match = mail.links
    .map((link) => /\/changement-mot-de-passe\/([^/\s]+)\/([^/\s]+)$/.exec(link))
    .find((found) => found !== null);
  if (!match) throw new Error(`No set-password link in the e-mail "${mail.subject}":\n${mail.text}`);
  return { userId: decodeURIComponent(match[1]), token: decodeURIComponent(match[2]) };
}

/**
 * A mailbox for a test file: started before the portal (declare it before
 * `useTestPortal`), emptied before each test, stopped at the end.
 */
export function useMailbox(): Mailbox {
  const mailbox = new Mailbox();
  beforeAll(() => mailbox.start());
  beforeEach(() => mailbox.clear());
  afterAll(() => mailbox.stop());
  return mailbox;
}
