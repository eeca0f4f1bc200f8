import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where answers go when it is not the sender (a customer's message to support). */
  replyTo?: string;
  /** Further headers (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'VialQC <no-reply@vialqc.local>';

/** Sends through SMTP_URL (e.g. smtp://user:pass@host:587). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: FROM, ...message });
    },
  };
}

/**
 * Without SMTP, each message is written as an .eml file under DATA_DIR/outbox and the file is
 * logged, so a local installation can still complete invitations and password resets. The link
 * itself is never logged: it carries a one-time token.
 */
export function outboxMailer(outboxDir: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      fs.mkdirSync(outboxDir, { recursive: true });
      // Two messages to one address in the same millisecond (a worker sending the e-mails of
      // one event to its owner) are two files, not one written over the other.
      const file = path.join(
        outboxDir,
        `${Date.now()}-${randomBytes(4).toString('hex')}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      log(`Mail to ${message.to} ("${message.subject}") saved to ${file}: open it for its link`);
    },
  };
}
