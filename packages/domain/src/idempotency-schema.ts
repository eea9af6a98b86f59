import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { lazySchema } from './lazy-schema';

/** The refusal of a malformed key (translated in ./messages/). */
export const IDEMPOTENCY_KEY_MESSAGE =
  'Must be 16 to 64 letters, digits, dashes or underscores, such as a UUID';

/** The Idempotency-Key header as the server accepts it (./idempotency.ts): one value, not a list. */
export const idempotencyKeySchema = lazySchema(() =>
  z
    .string(IDEMPOTENCY_KEY_MESSAGE)
    .max(64, IDEMPOTENCY_KEY_MESSAGE)
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE),
);
