import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
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

/**
 * Bodies larger than this are sent base64, not quoted-printable: nodemailer encodes quoted-printable in
 * JavaScript on the event loop, about a second of CPU for the HTML and text of a 500-ticket confirmation on a
 * 2-core machine (bench/bystanders), while base64 is encoded natively. Smaller mails stay quoted-printable,
 * readable in the raw message.
 */
export const BASE64_BODY_CHARS = 64 * 1024;

export function toNodemailer(message: MailMessage, from: string): Mail.Options {
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
    ...(message.html.length + message.text.length > BASE64_BODY_CHARS
      ? { textEncoding: 'base64' as const }
      : {}),
    attachments: message.attachments.map((attachment) => {
      const bytes = Buffer.from(
        attachment.content.buffer,
        attachment.content.byteOffset,
        attachment.content.byteLength,
      );
      return {
        filename: attachment.filename,
        content: bytes.length > ATTACHMENT_SLICE_BYTES ? inSlices(bytes) : bytes,
        contentType: attachment.contentType,
      };
    }),
  };
}

/**
 * nodemailer base64-encodes and line-wraps an attachment given whole in one turn of the event loop: for the
 * PDF of 500 tickets (megabytes) that is a stall every other request waits behind. Given as a stream of
 * slices, one slice a turn, the work is spread out.
 */
const ATTACHMENT_SLICE_BYTES = 48 * 1024;

function inSlices(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += ATTACHMENT_SLICE_BYTES) {
        yield bytes.subarray(at, at + ATTACHMENT_SLICE_BYTES);
        await nextTurn();
      }
    })(),
    { objectMode: false },
  );
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
