import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/platform/config';

// A real SMTP listener on loopback that keeps what it receives, for tests of mail sent by the outbox.

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A listener for the enclosing describe block (started in beforeAll, closed in afterAll); point a test server
 * at it with `useServer(engine, { adjust: deliverTo(smtp) })`.
 */
export function useSmtp(): TestSmtp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());
  const started = () => {
    if (!smtp) throw new Error('the SMTP listener is not started yet: read it inside a test or hook');
    return smtp;
  };
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    close: () => started().close(),
  };
}

/** A config adjustment that sends the app's mail to `smtp`. */
export function deliverTo(smtp: TestSmtp): (config: Config) => Config {
  return (config) => ({ ...config, smtpUrl: smtp.url });
}
