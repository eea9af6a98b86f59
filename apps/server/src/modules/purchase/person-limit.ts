import { type PersonAllowance, personAllowance } from '@utsav/domain/person-limit';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findCurrentEvent } from '../../stores/events';
import { countPersonSeats } from './person-seats-repo';

// The per-person cap (MAX_TICKETS_PER_PERSON): what one person may still buy, and the refusal when they ask for
// more. The rule is @utsav/domain/person-limit; the seats it counts are read by person-seats-repo.ts. This file
// answers GET /tickets/allowance and gives transfers and the waitlist the same allowance, but it does not guard
// a checkout: the cap is enforced in hold-judgement.ts (judgeHold), under the event lock, on the seats read with
// the hold's other figures (hold-figures.ts), so two checkouts of the same person (two tabs, two routes, two
// instances) cannot both count before either inserts.

/** What one person may still hold of the event at `now`. */
export async function allowanceOf(
  db: Db,
  ctx: AppContext,
  userId: string,
  eventId: string,
  now: Date,
): Promise<PersonAllowance> {
  return personAllowance(ctx.config.maxTicketsPerPerson, await countPersonSeats(db, eventId, userId, now));
}

/**
 * PERSON_LIMIT_REACHED in the reader's language: how many more they may buy, and why. The purchase dialog
 * words the same refusal from its catalog (purchase.allowance) with the numbers of GET /tickets/allowance.
 */
export function personLimitRefusal(allowance: PersonAllowance): AppError {
  const count = allowance.limit;
  if (allowance.remaining === 0) {
    return new AppError(
      'PERSON_LIMIT_REACHED',
      msg(
        'One person may buy at most {{count}} tickets for this event, and you already have {{count}} (bought, or waiting for payment). You cannot buy more.',
        { count },
      ),
    );
  }
  if (allowance.remaining === 1) {
    return new AppError(
      'PERSON_LIMIT_REACHED',
      msg(
        'One person may buy at most {{count}} tickets for this event. You may buy 1 more. Please choose 1 ticket.',
        { count },
      ),
    );
  }
  return new AppError(
    'PERSON_LIMIT_REACHED',
    msg(
      'One person may buy at most {{count}} tickets for this event. You may buy {{remaining}} more. Please choose {{remaining}} or fewer.',
      { count, remaining: allowance.remaining },
    ),
  );
}

/** GET /tickets/allowance: the purchase dialog shows it and keeps the quantity within it. */
export async function getPurchaseAllowance(
  ctx: AppContext,
  caller: UserRow,
): Promise<PersonAllowance | null> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) return null;
  return allowanceOf(ctx.db, ctx, caller.id, event.id, ctx.now());
}
