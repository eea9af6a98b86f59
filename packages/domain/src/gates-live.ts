import { z } from 'zod';
import { REFUSAL_REASONS } from './gate-pass';
import { lazySchema } from './lazy-schema';

// GET /api/admin/checkin/live (docs/product.md#gates-panel): the organiser's view of the gates. One schema: the server
// answers with it (its response schema) and the Gates panel reads with it, so the two cannot drift apart.

/** The name the view gives scans and phones without a gate name; the panel shows it in the reader's words. */
export const UNNAMED_GATE = 'Unnamed gate';

export const liveGateSchema = lazySchema(() =>
  z.object({
    gate: z.string(),
    admitted: z.number(),
    /** Admissions in the last 60 seconds. */
    lastMinute: z.number(),
    /** Phones whose latest contact was at this gate and is recent. */
    devices: z.number(),
    /** Admissions per minute over the last hour, oldest first, minutes without one left out. */
    perMinute: z.array(z.object({ minute: z.string(), count: z.number() })),
  }),
);

export const liveDeviceSchema = lazySchema(() =>
  z.object({
    deviceId: z.string(),
    gate: z.string(),
    checker: z.string().nullable(),
    lastSeenAt: z.string(),
    online: z.boolean(),
    /** Offline scans the phone said it still holds (0 once it synced). */
    queued: z.number(),
  }),
);

/** Entries per ticket type: its tickets sold, admitted (at least once) and inside now, and the people they are. */
export const liveTypeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The organiser's names: the panel shows the one of the reader's language (the view is cached for all). */
    name: z.string(),
    nameHi: z.string().nullable(),
    nameGu: z.string().nullable(),
    colour: z.string(),
    admits: z.number(),
    sold: z.number(),
    admitted: z.number(),
    inside: z.number(),
    /** People the admitted tickets let in (a couple pass is two), and people the sold ones will. */
    peopleAdmitted: z.number(),
    peopleSold: z.number(),
  }),
);

export const liveGatesSchema = lazySchema(() =>
  z.object({
    generatedAt: z.string(),
    reentryAllowed: z.boolean(),
    sold: z.number(),
    admitted: z.number(),
    /** Admitted as a percentage of sold, one decimal. */
    arrivedPercentage: z.number(),
    inside: z.number(),
    gates: z.array(liveGateSchema),
    /** In the organiser's order; a type archived before it sold anything is left out. */
    types: z.array(liveTypeSchema),
    /** An exhaustive record: every refusal reason is present, 0 when none happened. */
    refusals: z.record(z.enum(REFUSAL_REASONS), z.number()),
    devices: z.array(liveDeviceSchema),
    conflicts: z.number(),
  }),
);

export const liveGatesResponseSchema = lazySchema(() => liveGatesSchema.extend({ success: z.literal(true) }));

/** One type's counts as the database sums them, before they become the view's row. */
export interface TypeEntries {
  id: string;
  name: string;
  nameHi: string | null;
  nameGu: string | null;
  colour: string;
  admits: number;
  archived: boolean;
  sold: number;
  admitted: number;
  inside: number;
}

/**
 * The view's rows per type. Tickets are counted as tickets (sold, admitted, inside), and each type's people are
 * its tickets times what one ticket admits, so the rows add up to the people the gates let in. An archived type
 * with no ticket sold has nothing to show.
 */
export function liveTypeRows(entries: readonly TypeEntries[]): LiveType[] {
  return entries
    .filter((type) => !type.archived || type.sold > 0)
    .map(({ archived: _archived, ...type }) => ({
      ...type,
      peopleAdmitted: type.admitted * type.admits,
      peopleSold: type.sold * type.admits,
    }));
}

export type LiveType = z.infer<typeof liveTypeSchema>;
export type LiveGate = z.infer<typeof liveGateSchema>;
export type LiveDevice = z.infer<typeof liveDeviceSchema>;
export type LiveGates = z.infer<typeof liveGatesSchema>;
