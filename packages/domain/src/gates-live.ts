import { z } from 'zod';
import { REFUSAL_REASONS } from './gate-pass';

// GET /api/admin/checkin/live (docs/product.md#gates-panel): the organiser's view of the gates. One schema: the server
// answers with it (its response schema) and the Gates panel reads with it, so the two cannot drift apart.

/** The name the view gives scans and phones without a gate name; the panel shows it in the reader's words. */
export const UNNAMED_GATE = 'Unnamed gate';

export const liveGateSchema = z.object({
  gate: z.string(),
  admitted: z.number(),
  /** Admissions in the last 60 seconds. */
  lastMinute: z.number(),
  /** Phones whose latest contact was at this gate and is recent. */
  devices: z.number(),
  /** Admissions per minute over the last hour, oldest first, minutes without one left out. */
  perMinute: z.array(z.object({ minute: z.string(), count: z.number() })),
});

export const liveDeviceSchema = z.object({
  deviceId: z.string(),
  gate: z.string(),
  checker: z.string().nullable(),
  lastSeenAt: z.string(),
  online: z.boolean(),
  /** Offline scans the phone said it still holds (0 once it synced). */
  queued: z.number(),
});

export const liveGatesSchema = z.object({
  generatedAt: z.string(),
  reentryAllowed: z.boolean(),
  sold: z.number(),
  admitted: z.number(),
  /** Admitted as a percentage of sold, one decimal. */
  arrivedPercentage: z.number(),
  inside: z.number(),
  gates: z.array(liveGateSchema),
  /** An exhaustive record: every refusal reason is present, 0 when none happened. */
  refusals: z.record(z.enum(REFUSAL_REASONS), z.number()),
  devices: z.array(liveDeviceSchema),
  conflicts: z.number(),
});

export const liveGatesResponseSchema = liveGatesSchema.extend({ success: z.literal(true) });

export type LiveGate = z.infer<typeof liveGateSchema>;
export type LiveDevice = z.infer<typeof liveDeviceSchema>;
export type LiveGates = z.infer<typeof liveGatesSchema>;
