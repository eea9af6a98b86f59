import { RESALE_MESSAGES } from '@utsav/domain/resale';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findWithdrawnOffer } from '../../stores/resale';

/**
 * RESALE_OFFER_WITHDRAWN when the person waits again because the seller withdrew the listing their offer held, else
 * null. Every checkout path answers it (the waitlist's own, create-order, POST /tickets), so the person hears why
 * their offer ended whichever way they try to pay; asked only once a checkout has been refused, never on the
 * hot path.
 */
export async function withdrawnOfferRefusal(
  db: Db,
  eventId: string,
  userId: string,
): Promise<AppError | null> {
  if (!(await findWithdrawnOffer(db, eventId, userId))) return null;
  return new AppError('RESALE_OFFER_WITHDRAWN', msg(RESALE_MESSAGES.offerWithdrawn));
}
