import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEventIcs } from '../../../src/platform/documents/ics';
import { renderTicketsPdfHere } from '../../../src/platform/documents/ticket-pdf';
import type { MailMessage } from '../../../src/platform/mail/message';
import { ticketConfirmationEmail } from '../../../src/platform/mail/templates/ticket-confirmation';
import {
  BASE64_BODY_CHARS,
  createMailer,
  emlFileName,
  smtpOptionsFromUrl,
} from '../../../src/platform/mail/transport';
import { newEvent, newOrganiser, newTicket } from '../documents/factories';
import { attachments, decodeHeader, leaves, parseMime, textOf } from './mime';

const FROM = '"Utsav Tickets" <tickets@utsav.example>';

async function confirmation(): Promise<MailMessage> {
  const event = newEvent();
  const tickets = [newTicket(), newTicket()];
  const pdf = await renderTicketsPdfHere({
    organiser: newOrganiser(),
    event,
    holderName: 'आशा Patel',
    tickets,
    orderRef: 'order_1',
  });
  const ics = buildEventIcs({
    uid: 'order-1@utsav',
    event,
    url: 'https://utsav.example/dashboard',
    organiser: newOrganiser(),
  });
  return ticketConfirmationEmail({
    organiser: newOrganiser(),
    to: { name: 'आशा Patel', email: 'asha@example.com' },
    event: { ...event, name: 'Garba Night ✨' },
    tickets,
    totalPaid: 598,
    orderRef: 'order_1',
    pdf,
    ics,
    ticketsUrl: 'https://utsav.example/dashboard',
  });
}

function expectSameMessage(raw: Buffer, sent: MailMessage) {
  const mime = parseMime(raw);
  expect(decodeHeader(mime.headers.get('subject') ?? '')).toBe(sent.subject);
  expect(decodeHeader(mime.headers.get('to') ?? '')).toContain('asha@example.com');
  expect(mime.headers.get('from')).toContain('tickets@utsav.example');
  expect(textOf(mime, 'text/plain')).toContain('Hi आशा,');
  expect(textOf(mime, 'text/html')).toContain('Hi आशा,');
  const files = attachments(mime);
  expect(files.map((f) => f.filename)).toEqual(sent.attachments.map((a) => a.filename));
  for (const [i, file] of files.entries()) {
    expect(file.contentType).toContain(sent.attachments[i]?.contentType.split(';')[0]);
    expect(new Uint8Array(file.content)).toEqual(sent.attachments[i]?.content);
  }
}

describe('createMailer without SMTP_URL', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'utsav-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a parseable .eml with the PDF and the .ics into the outbox folder', async () => {
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ from: FROM, outboxDir });
    const message = await confirmation();
    const { messageId } = await mailer.send(message);
    await mailer.close();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(join(outboxDir, files[0]!));
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
    expect(parseMime(raw).headers.get('message-id')).toBe(messageId);
    expectSameMessage(raw, message);
  });

  it('keeps the Message-ID the caller gives, so a retried send is the same mail', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: dir });
    const { messageId } = await mailer.send({ ...(await confirmation()), messageId: '<outbox-42@utsav>' });
    expect(messageId).toBe('<outbox-42@utsav>');
  });

  it('sends a large body base64 (encoded natively, not on the event loop) and a large file whole, a small body quoted-printable', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: dir });
    const small = await confirmation();
    const many = 'Ticket UT-7K2M9P4QXZ, आशा Patel\n'.repeat(Math.ceil(BASE64_BODY_CHARS / 30));
    // A large attachment is handed to nodemailer in slices, one a turn; it arrives byte for byte.
    const bigFile = {
      filename: 'tickets.pdf',
      content: new Uint8Array(randomBytes(200 * 1024 + 7)),
      contentType: 'application/pdf',
    };
    const large = {
      ...small,
      text: `${small.text}${many}`,
      html: `${small.html}<pre>${many}</pre>`,
      attachments: [...small.attachments, bigFile],
    };
    await mailer.send(small);
    await mailer.send(large);
    const raws = await Promise.all((await readdir(dir)).sort().map((name) => readFile(join(dir, name))));
    const encodings = (raw: Buffer) =>
      leaves(parseMime(raw))
        .filter((part) => /^text\/(plain|html)/.test(part.headers.get('content-type') ?? ''))
        .map((part) => part.headers.get('content-transfer-encoding'));
    expect(encodings(raws[0]!)).toEqual(['quoted-printable', 'quoted-printable']);
    expect(encodings(raws[1]!)).toEqual(['base64', 'base64']);
    expectSameMessage(raws[1]!, large);
    expect(textOf(parseMime(raws[1]!), 'text/plain')).toContain(many);
  });

  it('leaves no temporary files behind', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: dir });
    const message = await confirmation();
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    const files = await readdir(dir);
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.endsWith('.eml') && !f.startsWith('.'))).toBe(true);
  });
});

describe('createMailer with SMTP_URL', () => {
  let server: SMTPServer;
  let port: number;
  let received: { from: string; to: string[]; raw: Buffer; user?: string | undefined }[];

  beforeEach(async () => {
    received = [];
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'utsav' && auth.password === 'p@ss:word')
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message with its attachments to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    const message = await confirmation();
    const { messageId } = await mailer.send(message);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('tickets@utsav.example');
    expect(received[0]?.to).toEqual(['asha@example.com']);
    expect(parseMime(received[0]!.raw).headers.get('message-id')).toBe(messageId);
    expectSameMessage(received[0]!.raw, message);
  });

  it('logs in with the credentials in the URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://utsav:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}?ignoreTLS=true`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    await mailer.send(await confirmation());
    await mailer.close();
    expect(received[0]?.user).toBe('utsav');
  });

  it('sends several messages over the pool', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    const message = await confirmation();
    await Promise.all(Array.from({ length: 5 }, () => mailer.send(message)));
    await mailer.close();
    expect(received).toHaveLength(5);
  });

  it('rejects when the server refuses, so the outbox worker can retry', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://utsav:wrong@127.0.0.1:${port}?ignoreTLS=true`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    await expect(mailer.send(await confirmation())).rejects.toThrow();
    await mailer.close();
    expect(received).toHaveLength(0);
  });
});

describe('createMailer with an unreachable SMTP server', () => {
  it('rejects, so the outbox worker can retry', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    await expect(mailer.send(await confirmation())).rejects.toThrow(/ECONNREFUSED|connect/i);
    await mailer.close();
  });
});

describe('smtpOptionsFromUrl', () => {
  it('reads host, port, TLS mode, credentials and nested options', () => {
    expect(
      smtpOptionsFromUrl(
        'smtps://user%40example.com:p%3Ass@mail.example.com:465?tls.rejectUnauthorized=false&maxConnections=5',
      ),
    ).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'user@example.com', pass: 'p:ss' },
      tls: { rejectUnauthorized: false },
      maxConnections: 5,
    });
  });

  it('refuses anything but smtp and smtps', () => {
    expect(() => smtpOptionsFromUrl('http://mail.example.com')).toThrow(/smtp/);
  });
});

describe('emlFileName', () => {
  it('sorts by time', () => {
    expect(emlFileName(new Date('2026-11-21T18:30:00.123Z'))).toMatch(
      /^20261121T183000123Z-[0-9a-f]{8}\.eml$/,
    );
  });
});
