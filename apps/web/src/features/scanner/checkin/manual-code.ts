import { TICKET_TOKEN_PREFIX } from '@utsav/domain/qr-token';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import { i18n } from '../../../lib/i18n/i18n';
import type { SnapshotTicket } from './offline-check';

export function enterPrintedCode(): string {
  return i18n.t('scanner.manual.enterPrinted', { prefix: TICKET_TOKEN_PREFIX });
}

function statusWords(status: SnapshotTicket['status']): string {
  switch (status) {
    case 'active':
      return i18n.t('scanner.manual.status.active');
    case 'used':
      return i18n.t('scanner.manual.status.used');
    case 'cancelled':
      return i18n.t('scanner.manual.status.cancelled');
    case 'transferred':
      return i18n.t('scanner.manual.status.transferred');
  }
}

/**
 * Manual entry admits with the full signed code or the ticket code (UT-XXXXXXXXXX, 50 random bits, typed
 * codes rate-limited per volunteer), never with the internal ticket id. An id is still looked up in the
 * device's list, so the volunteer can tell the guest what is wrong. Returns null when `text` is a code to
 * check, else what to tell the volunteer.
 */
export function explainManualCode(
  text: string,
  findTicket: (id: string) => SnapshotTicket | undefined,
): string | null {
  const value = text.trim();
  if (value.startsWith(`${TICKET_TOKEN_PREFIX}.`)) return null;
  if (normalizeTicketCode(value)) return null;
  if (value === '') return enterPrintedCode();
  const known = findTicket(value) ?? findTicket(value.toLowerCase());
  // Two sentences: why not, then what to do instead.
  if (known) {
    const words = {
      name: known.holderFirstName ?? '',
      status: statusWords(known.status),
    };
    const why = known.holderFirstName
      ? i18n.t('scanner.manual.knownTicket', words)
      : i18n.t('scanner.manual.knownTicketUnnamed', words);
    return `${why} ${enterPrintedCode()}`;
  }
  if (/^[0-9a-f-]{8,36}$/i.test(value)) return `${i18n.t('scanner.manual.ticketId')} ${enterPrintedCode()}`;
  return enterPrintedCode();
}
