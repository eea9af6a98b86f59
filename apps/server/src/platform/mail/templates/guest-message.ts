import {
  type MessageTexts,
  messageFor,
  messageParagraphs,
  type TextParagraph,
} from '@utsav/domain/guest-messages';
import type { Language } from '@utsav/domain/languages';
import type { MailMessage, Recipient } from '../message';
import { html, type SafeHtml, safeUrl, subjectLine } from './html';
import { emailLayout, type FromOrganiser, paragraph, textBody } from './layout';

// A message the organiser wrote to guests, in the layout of every email. Their text is plain text: every character
// is escaped (the `html` tag), web addresses become links (http and https only, through safeUrl), line breaks are
// kept; nothing they type can reach the layout as markup.

export interface GuestMessageInput extends FromOrganiser {
  to: Recipient | string;
  /** The version the reader gets (@utsav/domain/guest-messages messageFor). */
  language: Language;
  subject: string;
  body: string;
}

const LINK_STYLE = 'color:#7a1e3a;text-decoration:underline;';

function paragraphHtml(lines: TextParagraph): SafeHtml {
  return paragraph(
    html`${lines.map(
      (runs, index) =>
        html`${index > 0 ? html`<br>` : ''}${runs.map((run) =>
          run.kind === 'link'
            ? html`<a href="${safeUrl(run.href)}" style="${LINK_STYLE}">${run.text}</a>`
            : run.text,
        )}`,
    )}`,
  );
}

export function guestMessageEmail(input: GuestMessageInput): MailMessage {
  const subject = subjectLine(input.subject);
  const paragraphs = messageParagraphs(input.body);
  const plain = paragraphs.map((lines) =>
    lines.map((runs) => runs.map((run) => run.text).join('')).join('\n'),
  );
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: plain[0]?.slice(0, 140) ?? subject,
      heading: subject,
      body: html`${paragraphs.map(paragraphHtml)}`,
      language: input.language,
      organiser: input.organiser,
    }),
    text: textBody(plain, input.language, input.organiser),
    attachments: [],
  };
}

/** The message as one person reads it: their language's version when written, else English (messageFor). */
export function guestMessageMailFor(
  texts: MessageTexts,
  person: { name: string; email: string; language: unknown },
  organiser: GuestMessageInput['organiser'],
): MailMessage & { language: Language } {
  const version = messageFor(texts, person.language);
  const mail = guestMessageEmail({
    to: { name: person.name, email: person.email, language: version.language },
    language: version.language,
    subject: version.subject,
    body: version.body,
    organiser,
  });
  return { ...mail, language: version.language };
}
