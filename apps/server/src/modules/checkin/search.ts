import { formatIndianMobile, parseStoredAnswers, phoneOfTicket } from '@utsav/domain/checkout-answers';
import {
  type FoundTicket,
  GATE_SEARCH_LIMIT,
  type GateAdmitRequest,
  maskEmail,
} from '@utsav/domain/gate-search';
import type { Language } from '@utsav/domain/languages';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import { shownTicketStatus } from '@utsav/domain/ticket-status';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { ticketTypeMark } from '../tickets/presenter';
import { passGate, scanRow } from './pass';
import { insertScan } from './scan-log-repo';
import { type FoundTicketRow, findEventTicketId, searchEventTickets } from './search-repo';
import { assertGate, CHECKIN_MESSAGES, refusal, scanSource } from './service';

// A guest whose phone is dead (docs/product.md#gate-scanner): the volunteer finds their tickets by name, email or
// ticket code, and admits from the result. Only the current event's tickets; staff at the gate only; the
// admission goes through the same conditional update as a scan (pass.ts) and is logged with method
// 'search', which the organiser sees in the ticket's gate history.

export interface GateSearchResult {
  tickets: FoundTicket[];
  more: boolean;
}

export async function searchAtGate(
  ctx: AppContext,
  checker: UserRow,
  query: string,
  language: Language,
): Promise<GateSearchResult> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  if (!event) return { tickets: [], more: false };
  // One more than shown, to tell the volunteer to type more.
  const rows = await searchEventTickets(
    ctx.db,
    event.id,
    { text: query, code: normalizeTicketCode(query) },
    GATE_SEARCH_LIMIT + 1,
  );
  return {
    tickets: rows.slice(0, GATE_SEARCH_LIMIT).map((row) => foundTicket(row, language)),
    more: rows.length > GATE_SEARCH_LIMIT,
  };
}

/** Admits a ticket found by search: the same rules as mark-used (once, or once per exit with re-entry on). */
export async function admitFound(
  ctx: AppContext,
  checker: UserRow,
  input: GateAdmitRequest,
): Promise<TicketView> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  const scan = scanSource(ctx, checker, input, 'mark', 'in', 'search');
  const ticketId = event ? await findEventTicketId(ctx.db, input.ticketId, event.id) : undefined;
  if (!event || !ticketId) {
    await insertScan(ctx.db, scanRow(scan, null, 'not_found'));
    throw new AppError('TICKET_NOT_FOUND', CHECKIN_MESSAGES.notFound);
  }
  const decision = await passGate(ctx, scan, event, ticketId);
  if ('state' in decision) throw refusal(decision);
  const ticket = await findTicketView(ctx.db, ticketId);
  if (!ticket) throw new Error(`ticket ${ticketId} vanished at the gate`);
  return ticket;
}

function foundTicket(row: FoundTicketRow, language: Language): FoundTicket {
  return {
    id: row.id,
    ticketId: row.ticket_code,
    holderName: row.holder_name,
    ownerName: row.owner_name,
    ownerEmail: maskEmail(row.owner_email),
    status: shownTicketStatus({ status: row.status, transferredAt: row.transferred_at }),
    usedAt: row.used_at,
    exitedAt: row.exited_at,
    ticketType: ticketTypeMark(row, language),
    phone: ticketPhone(parseStoredAnswers(row.checkout_answers), row.seq - 1),
  };
}

/** The mobile number given at checkout for this ticket (its own, else its order's), spaced for reading. */
function ticketPhone(answers: ReturnType<typeof parseStoredAnswers>, ticketIndex: number): string | null {
  const phone = phoneOfTicket(answers, ticketIndex);
  return phone ? formatIndianMobile(phone) : null;
}
