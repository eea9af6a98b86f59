import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
import { lazySchema } from './lazy-schema';

// Messages from the organiser to guests: who receives one (the audience), which language each person reads
// it in, and how the organiser's plain text becomes an email (escaped, its web addresses made links). The
// Messages panel, the server's routes and its mail run these rules.

export const MESSAGE_AUDIENCES = ['holders', 'not-admitted', 'admitted', 'waitlist'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * The ticket states each ticket audience reads. 'holders' is everyone with a valid ticket (admitted or not);
 * cancelled tickets (refunded, transferred away) hold nothing. The waitlist reads its live places instead.
 */
export const AUDIENCE_TICKET_STATUSES: Readonly<
  Record<Exclude<MessageAudience, 'waitlist'>, readonly ('active' | 'used')[]>
> = {
  holders: ['active', 'used'],
  'not-admitted': ['active'],
  admitted: ['used'],
};

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 10_000;
export const MESSAGE_TYPES_MAX = 50;

/**
 * How many message mails the outbox may send a minute: a message's mails are spread over time at this rate, so
 * the SMTP server is never flooded and a ticket's confirmation, due now, is not queued behind 5,000 of them.
 */
export const MESSAGE_MAILS_PER_MINUTE = 600;

export const GUEST_MESSAGE_TEXTS = {
  subject: 'Subject must be 1-150 characters',
  body: 'Message must be 1-10000 characters',
  audience: 'Audience must be holders, not-admitted, admitted or waitlist',
  ticketTypeIds: 'ticketTypeIds must be a list of ticket type ids',
  pair: 'Write both the subject and the message in this language, or neither',
  unknownType: 'This ticket type does not exist',
  notFound: 'No such message',
  noRecipients: 'Nobody is in this audience: the message was not sent',
  idempotencyKey: 'idempotencyKey must be 16-64 letters, digits or dashes',
  keyTaken: 'This send key belongs to another message: load the page again and send again',
} as const;

const T = GUEST_MESSAGE_TEXTS;

const subject = lazySchema(() =>
  z.string({ error: T.subject }).trim().min(1, T.subject).max(MESSAGE_SUBJECT_MAX, T.subject),
);
const body = lazySchema(() =>
  z.string({ error: T.body }).trim().min(1, T.body).max(MESSAGE_BODY_MAX, T.body),
);
/** An optional translation: empty is the same as absent (the form sends what its fields hold). */
const optional = (schema: typeof subject) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** POST /admin/messages and its preview. */
export const guestMessageRequestSchema = lazySchema(() =>
  z
    .object({
      subject,
      body,
      subjectHi: optional(subject),
      bodyHi: optional(body),
      subjectGu: optional(subject),
      bodyGu: optional(body),
      audience: z.enum(MESSAGE_AUDIENCES, { error: T.audience }),
      ticketTypeIds: z
        .array(z.string().trim().min(1).max(128), { error: T.ticketTypeIds })
        .max(MESSAGE_TYPES_MAX, T.ticketTypeIds)
        .optional()
        .transform((ids) => [...new Set(ids ?? [])]),
      /** Sends only to the admin who asks, whatever the audience. */
      test: z.boolean().optional().default(false),
      /**
       * The form's key for this send (new after each message sent): a second request with it (a double click, a
       * resubmit after a lost answer) gets the message the first one queued, and nothing is sent twice.
       */
      idempotencyKey: z
        .string({ error: T.idempotencyKey })
        .regex(/^[A-Za-z0-9-]{16,64}$/, T.idempotencyKey)
        .optional(),
    })
    .superRefine((input, ctx) => {
      for (const [subjectKey, bodyKey] of [
        ['subjectHi', 'bodyHi'],
        ['subjectGu', 'bodyGu'],
      ] as const) {
        const hasSubject = input[subjectKey] !== undefined;
        if (hasSubject !== (input[bodyKey] !== undefined)) {
          ctx.addIssue({ code: 'custom', path: [hasSubject ? bodyKey : subjectKey], message: T.pair });
        }
      }
    }),
);
export type GuestMessageRequest = z.infer<typeof guestMessageRequestSchema>;

/** The preview's query: which language's rendering to show (absent: English). */
export const guestMessagePreviewQuerySchema = lazySchema(() =>
  z.object({ language: z.enum(LANGUAGES).optional() }),
);

/** A message's texts per language; English is always there. */
export interface MessageTexts {
  subject: string;
  body: string;
  subjectHi?: string | null | undefined;
  bodyHi?: string | null | undefined;
  subjectGu?: string | null | undefined;
  bodyGu?: string | null | undefined;
}

/** The languages a message is written in, English first. */
export function messageLanguages(texts: MessageTexts): Language[] {
  return LANGUAGES.filter((language) => versionIn(texts, language) !== null);
}

function versionIn(texts: MessageTexts, language: Language): { subject: string; body: string } | null {
  if (language === 'en') return { subject: texts.subject, body: texts.body };
  const subjectText = language === 'hi' ? texts.subjectHi : texts.subjectGu;
  const bodyText = language === 'hi' ? texts.bodyHi : texts.bodyGu;
  return subjectText && bodyText ? { subject: subjectText, body: bodyText } : null;
}

/**
 * What one person reads: the message in their language when the organiser wrote it, else English. A person
 * whose language is unknown (or not ours) reads English.
 */
export function messageFor(
  texts: MessageTexts,
  personLanguage: unknown,
): { language: Language; subject: string; body: string } {
  const wanted = isLanguage(personLanguage) ? personLanguage : DEFAULT_LANGUAGE;
  const version = versionIn(texts, wanted);
  if (version) return { language: wanted, ...version };
  return { language: DEFAULT_LANGUAGE, subject: texts.subject, body: texts.body };
}

/** A run of the organiser's text: plain words, or a web address to make a link of. */
export type TextRun = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** A paragraph is lines; a line is runs. */
export type TextParagraph = TextRun[][];

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** One line's runs: web addresses (http and https only) become links; everything else is text, as typed. */
export function textRuns(line: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let address = match[0];
    const tail = TRAILING.exec(address)?.[0] ?? '';
    address = address.slice(0, address.length - tail.length);
    if (!/^https?:\/\/[^/?#]+\.[^/?#]/i.test(address)) continue;
    if (start > at) runs.push({ kind: 'text', text: line.slice(at, start) });
    runs.push({ kind: 'link', href: address, text: address });
    at = start + address.length;
  }
  if (at < line.length) runs.push({ kind: 'text', text: line.slice(at) });
  return runs;
}

/**
 * The organiser's text as paragraphs (split at blank lines) of lines of runs. Line ends are normalised, and
 * runs of blank lines are one break: what they typed is what guests read, nothing is interpreted as markup.
 */
export function messageParagraphs(body: string): TextParagraph[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraph.split('\n').map(textRuns));
}

/**
 * When the `index`-th mail of a message is first due: evenly spread from `start` at `perMinute` a minute, so a
 * message to 5,000 people reaches the SMTP server over minutes, never all at once.
 */
export function messageMailDue(start: Date, index: number, perMinute = MESSAGE_MAILS_PER_MINUTE): Date {
  return new Date(start.getTime() + Math.floor((index * 60_000) / perMinute));
}
