import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// Answers that say only that the call worked. Shapes only: see tickets.ts.

/** { success: true }: DELETE /waitlist/me, POST /auth/logout, the gate's heartbeat. */
export const okResponseSchema = lazySchema(() => z.object({ success: z.literal(true) }));

/** { success: true, message }: a staff action told in the caller's language (a deletion). */
export const messageResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);
