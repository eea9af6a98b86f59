import type { Language } from '@utsav/domain/languages';

// The shape every email builder returns and the mailer sends. Plain data (bytes, strings), so an outbox
// worker can build it, retry sending it, and tests can inspect it without a transport.

export interface Recipient {
  name: string;
  email: string;
  /** The language they use the app in; the email (and its PDF) is written in it. English when absent. */
  language?: Language | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailMessage extends MailContent {
  to: Recipient | string;
  /**
   * A stable Message-ID (e.g. `<outbox-42@utsav>`) makes a retried send recognisable as the same mail
   * to the recipient's client; left out, the transport generates one.
   */
  messageId?: string | undefined;
  replyTo?: string | undefined;
}
