import { createHmac, randomBytes } from 'node:crypto';
import type { CheckinSnapshot } from '@utsav/domain/api/checkin';
import type { Language } from '@utsav/domain/languages';
import { shownTicketStatus } from '@utsav/domain/ticket-status';
import { typeName } from '@utsav/domain/ticket-types';
import type { CheckinSnapshot as SnapshotRows } from './service';

// Check-in JSON. The snapshot is what leaves the server for a gate device's offline store: ids, states,
// first names and keyed hashes of the ticket codes (never the codes: a lost phone must not hand out
// typeable codes). No email, no surname, no order facts, no mobile number from the checkout answers (decision 0617:
// the gate's online search shows it, for the ticket searched).

/** Bytes kept of each digest; must match @utsav/domain/ticket-code's DIGEST_BYTES. */
const DIGEST_BYTES = 8;

/**
 * The same value as the domain's ticketCodeDigest (bound to the ticket's id), through node:crypto's native
 * HMAC: 20,000 tickets take ~30 ms here against several hundred in pure JS on the event loop (a test checks
 * they agree).
 */
export function serverCodeDigest(key: Buffer, ticketId: string, code: string): string {
  return createHmac('sha256', key)
    .update(`${ticketId}\n${code}`)
    .digest()
    .subarray(0, DIGEST_BYTES)
    .toString('base64url');
}

export function toSnapshotJson(snapshot: SnapshotRows, language: Language): CheckinSnapshot {
  const key = randomBytes(32);
  return {
    success: true,
    eventId: snapshot.event.id,
    eventName: snapshot.event.name,
    publicKey: snapshot.event.qr_public_key!,
    reentryAllowed: snapshot.event.reentry_allowed === 1,
    codeKey: key.toString('base64url'),
    generatedAt: snapshot.generatedAt,
    tickets: snapshot.tickets.map((ticket) => ({
      id: ticket.id,
      status: shownTicketStatus({ status: ticket.status, transferredAt: ticket.transferred_at }),
      holderFirstName: firstName(ticket.holder_name),
      usedAt: ticket.used_at,
      exitedAt: ticket.exited_at,
      codeDigest: serverCodeDigest(key, ticket.id, ticket.ticket_code),
      ticketTypeId: ticket.ticket_type_id ?? null,
      admits: Number(ticket.admits ?? 1),
      // Only on the few resold tickets: the list carries up to 20,000 rows to every gate phone.
      ...(ticket.resold_at ? { resold: true as const } : {}),
    })),
    ticketTypes: snapshot.types.map((type) => ({
      id: type.id,
      name: typeName(type, language),
      colour: type.colour,
    })),
  };
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
