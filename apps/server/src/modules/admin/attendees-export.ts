import { Readable } from 'node:stream';
import type { AttendeeRow } from '@utsav/domain/api/attendees';
import {
  formatIndianMobile,
  parseStoredAnswers,
  phoneOfTicket,
  ticketAnswersView,
} from '@utsav/domain/checkout-answers';
import { askedQuestion, type CheckoutQuestion } from '@utsav/domain/checkout-questions';
import { csvRow } from '@utsav/domain/csv';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { shownTicketStatus } from '@utsav/domain/ticket-status';
import { istTimestamp } from '@utsav/domain/time';
import type { AppContext } from '../../platform/context';
import { type Translate, translator } from '../../platform/i18n/messages';
import { checkoutQuestions } from '../checkout-questions/service';
import { EXPORT_PAGE_SIZE, type ExportFormat, exportPages } from './tickets-export';
import type { ExportRow } from './tickets-repo';

// GET /admin/attendees/export?format=csv|json: who is coming, one row per ticket (holder, buyer, contact, type,
// price paid, code, status, entry time, checkout answers). Streamed like the ticket export, from the same keyset
// pages (tickets-export.ts exportPages): one page in memory at a time, whatever the number of tickets. Every CSV
// cell goes through @utsav/domain/csv, so an answer typed as a formula stays text in the organiser's sheet.

const CSV_HEADER = [
  'Holder Name',
  'Buyer',
  'Email',
  'Phone',
  'Ticket Type',
  'Price Paid (INR)',
  'Ticket ID',
  'Status',
  'Entry Time (IST)',
];

function attendeeOf(row: ExportRow): AttendeeRow {
  const stored = parseStoredAnswers(row.checkout_answers);
  // A ticket's place in its order is what its per-ticket answers are keyed by (0-based; seq counts from 1).
  const index = Number(row.seq) - 1;
  const phone = phoneOfTicket(stored, index) ?? row.owner_phone;
  return {
    id: row.id,
    code: row.ticket_code,
    holderName: row.holder_name,
    buyerName: row.owner_name,
    email: row.owner_email,
    phone: phone ? formatIndianMobile(phone) : null,
    ticketType: row.type_name,
    pricePaid: paiseToRupees(Number(row.price_paise)),
    status: shownTicketStatus({ status: row.status, transferredAt: row.transferred_at }),
    entryTime: row.used_at,
    answers: ticketAnswersView(stored, index),
  };
}

/**
 * One column per question the event asks now, headed with its label in the admin's language. An answer to a
 * question removed since is in the JSON export (under its label of the day), not given a column here.
 */
function csvLine(attendee: AttendeeRow, questions: readonly CheckoutQuestion[], t: Translate): string {
  const answers = questions.map((question) => {
    const found = attendee.answers.filter((answer) => answer.questionId === question.id);
    // Yes/no and the age tick are words, said in the reader's language; typed answers stay as typed.
    return found
      .map((answer) =>
        answer.kind === 'yes-no' || answer.kind === 'age-18' ? t(answer.value) : answer.value,
      )
      .join('; ');
  });
  return csvRow([
    attendee.holderName,
    attendee.buyerName,
    attendee.email,
    attendee.phone,
    attendee.ticketType,
    attendee.pricePaid,
    attendee.code,
    t(attendee.status),
    attendee.entryTime === null ? null : istTimestamp(attendee.entryTime),
    ...answers,
  ]);
}

async function* csvChunks(ctx: AppContext, pageSize: number, language: Language): AsyncGenerator<Buffer> {
  const t = translator(language);
  const questions = await checkoutQuestions(ctx);
  const header = [
    ...CSV_HEADER.map((name) => t(name)),
    ...questions.map((question) => askedQuestion(question, language).label),
  ];
  // The byte-order mark makes Excel read the file as UTF-8 (names in Gujarati or Hindi stay readable).
  yield Buffer.from(`\uFEFF${csvRow(header)}`);
  for await (const rows of exportPages(ctx, pageSize, {}))
    yield Buffer.from(rows.map((row) => csvLine(attendeeOf(row), questions, t)).join(''));
}

async function* jsonChunks(ctx: AppContext, pageSize: number): AsyncGenerator<Buffer> {
  yield Buffer.from('{"success":true,"attendees":[');
  let first = true;
  for await (const rows of exportPages(ctx, pageSize, {})) {
    const body = rows.map((row) => JSON.stringify(attendeeOf(row))).join(',');
    yield Buffer.from(first ? body : `,${body}`);
    first = false;
  }
  yield Buffer.from(']}');
}

export function attendeeExportStream(
  ctx: AppContext,
  format: ExportFormat,
  language: Language = 'en',
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  const chunks = format === 'csv' ? csvChunks(ctx, pageSize, language) : jsonChunks(ctx, pageSize);
  return Readable.from(chunks, { objectMode: false });
}
