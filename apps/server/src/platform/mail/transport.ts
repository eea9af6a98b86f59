import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailMessage } from './message';

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://host:465; query parameters become nodemailer options (?ignoreTLS=true). */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `"Navratri Nights" <tickets@your-domain>`. */
  from: string;
  /** Where .eml files go when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'eml';
  /**
   * Sends one message. Failures are not caught or retried here: they reject, and the outbox worker that
   * calls this keeps the row and retries it with backoff. Swallowing an error here would mark an email
   * as sent that never left.
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Closes pooled SMTP connections; sends after close() fail. */
  close(): Promise<void>;
}

// Pooled: the outbox worker sends many messages in a row after a sales rush, and a fresh TLS handshake
// plus AUTH per message would dominate. Timeouts are bounded so a dead server fails a send within
// seconds (and the worker retries later) instead of holding a worker slot for nodemailer's 2-minute default.
const SMTP_DEFAULTS: SMTPPool.Options = {
  pool: true,
  maxConnections: 3,
  maxMessages: 100,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createEmlMailer(options);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport({ ...SMTP_DEFAULTS, ...smtpOptionsFromUrl(smtpUrl) });
  return {
    mode: 'smtp',
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message, from));
      return { messageId: info.messageId };
    },
    async close() {
      transporter.close();
    },
  };
}

function createEmlMailer({ from, outboxDir }: MailerOptions): Mailer {
  // newline 'windows': RFC 5322 lines end in CRLF, so the files open in any mail client and can be
  // replayed to a real SMTP server byte for byte.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let ready: Promise<unknown> | undefined;
  return {
    mode: 'eml',
    async send(message) {
      ready ??= mkdir(outboxDir, { recursive: true });
      await ready;
      const info = await composer.sendMail(toNodemailer(message, from));
      await writeAtomically(outboxDir, emlFileName(), info.message as Buffer);
      return { messageId: info.messageId };
    },
    async close() {
      composer.close();
    },
  };
}

/** `20261121T183000123Z-9f3a1c2b.eml`: sorts by time, never collides between workers. */
export function emlFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Written to a hidden temporary name in the same folder and renamed: a reader watching the outbox (a
 * developer, a test) sees either no file or the whole message, never half of one.
 */
async function writeAtomically(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const finalPath = join(dir, name);
  const tmpPath = join(dir, `.${name}.tmp`);
  const file = await open(tmpPath, 'wx');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(tmpPath, { force: true });
    throw error;
  }
  await file.close();
  await rename(tmpPath, finalPath);
}

function toNodemailer(message: MailMessage, from: string): Mail.Options {
  const to =
    typeof message.to === 'string' ? message.to : { name: message.to.name, address: message.to.email };
  return {
    from,
    to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    replyTo: message.replyTo,
    attachments: message.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(
        attachment.content.buffer,
        attachment.content.byteOffset,
        attachment.content.byteLength,
      ),
      contentType: attachment.contentType,
    })),
  };
}

/**
 * nodemailer parses a URL itself only when given nothing else, which would drop our pool and timeout
 * settings; so the URL is turned into options here and merged over the defaults.
 */
export function smtpOptionsFromUrl(smtpUrl: string): Partial<SMTPPool.Options> {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
  }
  const options: Record<string, unknown> = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    secure: url.protocol === 'smtps:',
  };
  if (url.port) options.port = Number(url.port);
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  for (const [key, raw] of url.searchParams) {
    const value = raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    // tls.rejectUnauthorized=false -> { tls: { rejectUnauthorized: false } }
    const path = key.split('.');
    if (
      path.some((segment) => segment === '__proto__' || segment === 'constructor' || segment === 'prototype')
    ) {
      continue;
    }
    let target = options;
    for (const segment of path.slice(0, -1)) {
      if (typeof target[segment] !== 'object' || target[segment] === null) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path[path.length - 1] as string] = value;
  }
  return options as Partial<SMTPPool.Options>;
}
