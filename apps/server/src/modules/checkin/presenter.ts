import { SYNC_OUTCOMES } from '@utsav/domain/checkin-schema';
import { z } from 'zod';
import type { CheckinSnapshot } from './service';

// Check-in JSON. The snapshot is what leaves the server for a gate device's offline store: ids, states and
// first names only (no email, no surname, no order facts).

export const snapshotTicketJsonSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'used', 'cancelled']),
  holderFirstName: z.string(),
  usedAt: z.string().nullable(),
});

export const snapshotJsonSchema = z.object({
  success: z.literal(true),
  eventId: z.string(),
  eventName: z.string(),
  /** The event's Ed25519 public key (base64url) that verifies its ticket QR tokens offline. */
  publicKey: z.string(),
  generatedAt: z.string(),
  tickets: z.array(snapshotTicketJsonSchema),
});

export const syncResultJsonSchema = z.object({
  localId: z.string(),
  ticketId: z.string(),
  outcome: z.enum(SYNC_OUTCOMES),
  usedAt: z.string().nullable().optional(),
  scannedBy: z.object({ name: z.string() }).optional(),
});

export function toSnapshotJson(snapshot: CheckinSnapshot): z.infer<typeof snapshotJsonSchema> {
  return {
    success: true,
    eventId: snapshot.event.id,
    eventName: snapshot.event.name,
    publicKey: snapshot.event.qr_public_key!,
    generatedAt: snapshot.generatedAt,
    tickets: snapshot.tickets.map((ticket) => ({
      id: ticket.id,
      status: ticket.status,
      holderFirstName: firstName(ticket.holder_name),
      usedAt: ticket.used_at,
    })),
  };
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
