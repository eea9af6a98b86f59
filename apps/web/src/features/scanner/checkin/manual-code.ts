import { TICKET_TOKEN_PREFIX } from '@utsav/domain/qr-token';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { SnapshotTicket } from './offline-check';

export const ENTER_PRINTED_CODE = `Enter the ticket code printed under the QR (UT- and 10 letters or digits), or the full code starting with ${TICKET_TOKEN_PREFIX}.`;

const STATUS_WORDS: Record<SnapshotTicket['status'], string> = {
  active: 'not yet used',
  used: 'already used',
  cancelled: 'cancelled',
  transferred: 'transferred to someone else',
};

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
  if (value === '') return ENTER_PRINTED_CODE;
  const known = findTicket(value) ?? findTicket(value.toLowerCase());
  if (known) {
    const who = known.holderFirstName ? `${known.holderFirstName}'s ticket` : 'This ticket';
    return `${who} …${known.id.slice(-8)} is ${STATUS_WORDS[known.status]}, but a ticket id alone cannot admit anyone. ${ENTER_PRINTED_CODE}`;
  }
  if (/^[0-9a-f-]{8,36}$/i.test(value)) {
    return `That is a ticket id, which cannot admit anyone on its own. ${ENTER_PRINTED_CODE}`;
  }
  return ENTER_PRINTED_CODE;
}
