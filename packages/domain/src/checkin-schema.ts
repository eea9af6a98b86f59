import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { QR_EMPTY_OR_MALFORMED_MESSAGE } from './qr-token';

// Payloads of the check-in calls (docs/product.md#gate-scanner). The scanner page and the server run the same
// schemas. Whether the code itself is valid is not a schema question: any string reaches the server, which
// answers 400 for an empty one and 404 INVALID_QR for one that does not verify.

/** Most offline admissions one sync call carries; a longer queue is sent in several calls. */
export const MAX_SYNC_ADMISSIONS = 500;

export const SYNC_OUTCOMES = [
  'admitted',
  'exited',
  'already_used',
  'not_inside',
  'reentry_closed',
  'cancelled',
  'transferred',
  'resold',
  'not_found',
  'invalid',
] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

const label = lazySchema(() => z.string().trim().max(100, 'must be at most 100 characters'));

/** POST /tickets/verify-qr and POST /tickets/mark-used. deviceId and gate go to the scan log. */
export const scanRequestSchema = lazySchema(() =>
  z.object({
    qrCode: z.string({ error: QR_EMPTY_OR_MALFORMED_MESSAGE }),
    // null is accepted as "not given": a device that has no name yet must still be able to scan.
    deviceId: label.nullish(),
    gate: label.nullish(),
  }),
);

export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const offlineAdmissionSchema = lazySchema(() =>
  z.object({
    /** The device's own id for the admission: sending it again (a retry) is answered, not applied, twice. */
    localId: z.string({ error: 'localId is required' }).trim().min(1, 'localId is required').max(100),
    ticketId: z.string({ error: 'ticketId is required' }).max(100),
    /** The scanned QR token, or the ticket code typed in (UT-XXXXXXXXXX). */
    qrCode: z.string({ error: QR_EMPTY_OR_MALFORMED_MESSAGE }),
    /** 'out' for an exit recorded offline (re-entry); admissions are 'in', the default. */
    direction: z.enum(['in', 'out']).optional(),
    /** The device's clock at the scan, ISO-8601; the server clamps it (see checkin-time.ts). */
    scannedAt: z.string({ error: 'scannedAt is required' }).max(64),
    /** `generatedAt` of the ticket list the device decided with: the scan cannot be earlier. */
    snapshotAt: z.string().max(64).nullish(),
  }),
);

/** POST /tickets/checkin/sync. */
export const syncRequestSchema = lazySchema(() =>
  z.object({
    deviceId: z.string({ error: 'deviceId is required' }).trim().min(1, 'deviceId is required').max(100),
    gate: label.nullish(),
    admissions: z
      .array(offlineAdmissionSchema, { error: 'admissions must be a list' })
      .max(MAX_SYNC_ADMISSIONS, 'Send at most {{max}} admissions per sync'),
  }),
);

export type SyncRequest = z.infer<typeof syncRequestSchema>;
export type OfflineAdmissionInput = z.infer<typeof offlineAdmissionSchema>;

/** POST /tickets/checkin/heartbeat: a gate phone says it is alive and how much it still has to sync. */
export const heartbeatRequestSchema = lazySchema(() =>
  z.object({
    deviceId: z.string({ error: 'deviceId is required' }).trim().min(1, 'deviceId is required').max(100),
    gate: label.nullish(),
    queued: z.number({ error: 'queued must be a number' }).int().min(0).max(1_000_000),
  }),
);

export type HeartbeatRequest = z.infer<typeof heartbeatRequestSchema>;
