import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { logger } from "../../logger";

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (e.g. `List-Unsubscribe`), written as given. */
  headers?: Record<string, string>;
}

/** The mail port: the rest of the code only knows `send`. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
 * under DATA_DIR/outbox and its path logged, so nothing is lost in development.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      logger.info("mail.written", { file, subject: message.subject });
    },
  };
}
