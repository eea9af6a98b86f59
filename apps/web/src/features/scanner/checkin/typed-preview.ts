import type { TicketTypeMark } from '@utsav/domain/api/tickets';
import { normalizeScannedCode } from '@utsav/domain/qr-token';
import { displayTicketCode, looksLikeTicketCode } from '@utsav/domain/ticket-code';
import { scanNetworkBudgetMs } from '../../../lib/client-config';
import { i18n } from '../../../lib/i18n/i18n';
import { verifyQr } from '../api/verify-qr';
import { withBudget } from './gate-connection';
import { checkOffline, listedTicketType, type OfflineLookup } from './offline-check';
import {
  emptyCodeOutcome,
  formatScanTime,
  guestName,
  isNetworkFailure,
  outcomeForError,
  outcomeForVerifiedTicket,
  type ScanOutcome,
} from './scan-outcome';

// A typed code admits on a second tap: the first looks the ticket up (verify-qr changes nothing; offline, the
// device's list) and says whose it is; only a ticket the gate would admit is offered for confirmation.

export interface TypedCandidate {
  /** The code as checked (normalised), to admit with. */
  code: string;
  holder: string;
  ticketCode: string | null;
  status: string;
  /** The holder is out on a pass: this admission is a re-entry. */
  reentry: boolean;
  ticketType: TicketTypeMark | null;
  /** The ticket's id, to take the admission back (undo) once it is made online. */
  ticketId: string;
}

export type TypedPreview =
  | { kind: 'confirm'; candidate: TypedCandidate }
  | { kind: 'answer'; outcome: ScanOutcome };

function statusWords(exitedAt: string | null | undefined): string {
  return exitedAt
    ? i18n.t('scanner.search.status.out', { time: formatScanTime(exitedAt) })
    : i18n.t('scanner.search.status.notIn');
}

function offlinePreview(code: string, lookup: OfflineLookup): TypedPreview {
  const decision = checkOffline(code, lookup, undefined, 'in');
  if (!decision.admit) return { kind: 'answer', outcome: decision.outcome };
  const known = lookup.ticket(decision.ticketId);
  return {
    kind: 'confirm',
    candidate: {
      code,
      holder: decision.holderFirstName ?? i18n.t('scanner.outcome.guest'),
      ticketCode: looksLikeTicketCode(code) ? displayTicketCode(code) : null,
      status: statusWords(known?.exitedAt),
      reentry: Boolean(known?.exitedAt),
      ticketType: listedTicketType(lookup.meta, known),
      ticketId: decision.ticketId,
    },
  };
}

export async function previewTypedCode(
  raw: string,
  context: { online: boolean; deviceId: string; gate: string; lookup: OfflineLookup },
): Promise<TypedPreview> {
  const normalized = normalizeScannedCode(raw);
  if (!normalized.ok) return { kind: 'answer', outcome: emptyCodeOutcome() };
  const { code } = normalized;
  if (!navigator.onLine || !context.online) return offlinePreview(code, context.lookup);
  const gate = context.gate.trim();
  const budget = withBudget(scanNetworkBudgetMs());
  try {
    const verified = await verifyQr(
      { qrCode: code, deviceId: context.deviceId, ...(gate ? { gate } : {}) },
      budget.signal,
    );
    const settled = outcomeForVerifiedTicket(verified.ticket);
    if (settled || !verified.ticket) return { kind: 'answer', outcome: settled ?? outcomeForError(null) };
    const ticket = verified.ticket;
    return {
      kind: 'confirm',
      candidate: {
        code,
        holder: guestName(ticket),
        ticketCode: ticket.ticketId ? displayTicketCode(ticket.ticketId) : null,
        status: statusWords(ticket.exitedAt),
        reentry: ticket.status === 'used',
        ticketType: ticket.ticketType ?? null,
        ticketId: ticket.id,
      },
    };
  } catch (error) {
    if (isNetworkFailure(error) || budget.expired()) return offlinePreview(code, context.lookup);
    return { kind: 'answer', outcome: outcomeForError(error) };
  } finally {
    budget.clear();
  }
}
