import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';

// Typed ticket codes are rate-limited per checker, on top of the scan routes' own limit: a code is only 50
// bits, and a volunteer types a handful an hour, while a script guessing codes would type thousands. Kept
// per app instance (like @fastify/rate-limit's default store): with N instances a checker gets N times the
// allowance at worst, still far from a guessing rate (10^15 codes).

export const TYPED_CODES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

const limiters = new WeakMap<AppContext, Map<string, number[]>>();

/** Counts one typed code for this checker; throws 429 RATE_LIMITED past the allowance. */
export function countTypedCode(ctx: AppContext, checkerId: string): void {
  if (takeTypedCode(ctx, checkerId)) return;
  throw new AppError(
    'RATE_LIMITED',
    msg('Too many typed codes: at most {{max}} a minute per volunteer. Wait a moment, or scan the QR.', {
      max: TYPED_CODES_PER_MINUTE,
    }),
  );
}

/**
 * Counts one typed code for this checker if the allowance has room, and says whether it had. The same
 * allowance serves the online checks and the offline sync: a sync of 500 typed codes would otherwise be a
 * guessing oracle of 500 tries at once.
 */
export function takeTypedCode(ctx: AppContext, checkerId: string): boolean {
  let byChecker = limiters.get(ctx);
  if (!byChecker) {
    byChecker = new Map();
    limiters.set(ctx, byChecker);
  }
  const now = ctx.now().getTime();
  const recent = (byChecker.get(checkerId) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.length >= TYPED_CODES_PER_MINUTE) {
    byChecker.set(checkerId, recent);
    return false;
  }
  recent.push(now);
  byChecker.set(checkerId, recent);
  // Forget checkers idle for a minute, so the map never grows past the night's volunteers.
  if (byChecker.size > 1000) {
    for (const [id, times] of byChecker) if (times.every((at) => now - at >= WINDOW_MS)) byChecker.delete(id);
  }
  return true;
}
