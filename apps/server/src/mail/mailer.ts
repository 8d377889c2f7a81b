import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { markTestMode } from './templates.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  date: string;
}

export interface Outbox {
  dir: string;
  list(): Promise<StoredMail[]>;
  find(id: string): Promise<StoredMail | null>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present when mail goes to the development outbox instead of SMTP. */
  outbox: Outbox | null;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** A test-mode store (decision 040): every message says so, in its subject and body. */
  testMode?: boolean;
  now?: () => Date;
}

const MAIL_ID = /^[\w-]{1,80}$/;

function createOutbox(dir: string): Outbox {
  async function find(id: string): Promise<StoredMail | null> {
    if (!MAIL_ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch {
      return null;
    }
  }
  return {
    dir,
    find,
    async list() {
      let files: string[];
      try {
        files = await readdir(dir);
      } catch {
        return [];
      }
      const ids = files
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort()
        .reverse();
      const mails = await Promise.all(ids.map(find));
      return mails.filter((mail): mail is StoredMail => mail !== null);
    },
  };
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise the development
 * outbox, which writes each message to `{outboxDir}` (the raw .eml and a .json for the
 * outbox page) so journeys like a password reset work without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = createTransportMailer(options);
  if (!options.testMode) return mailer;
  return { ...mailer, send: (message) => mailer.send(markTestMode(message)) };
}

function createTransportMailer(options: MailerOptions): Mailer {
  const now = options.now ?? (() => new Date());
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ subject: message.subject }, 'Mail sent');
      },
      close: () => transport.close(),
    };
  }

  const outbox = createOutbox(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    outbox,
    async send(message) {
      const date = now();
      // Sortable by time, unique by the random part.
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const info = await transport.sendMail({ from: options.from, date, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stored: StoredMail = { id, from: options.from, date: date.toISOString(), ...message };
      await writeFile(path.join(options.outboxDir, `${id}.eml`), info.message as Buffer);
      await writeFile(path.join(options.outboxDir, `${id}.json`), JSON.stringify(stored, null, 2));
      // The recipient and subject only: a message body can hold a reset link.
      options.logger.info({ subject: message.subject, id }, 'Mail written to the outbox');
    },
    // Stryker disable next-line ArrowFunction: equivalent, the stream transport holds nothing open and has no close of its own
    close: () => transport.close(),
  };
}
