import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import { formatRupees } from '@utsav/domain/pricing';
import { nextPrice } from '@utsav/domain/ticket-type-offer';
import { istTimeOfDay } from '@utsav/domain/time';
import type { TFunction } from 'i18next';
import { formatDayMonth, formatInstant } from '../../../ui/format';

// "Then ₹349 (Regular) after 4 Oct or after the next 42": what a type's price becomes, and when.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a phase ends, as a guest reads it: a phase ending at midnight IST ends "after" the day before (ending at
 * 00:00 on 5 Oct means the 4th is its last day); any other time is said with the time.
 */
export function phaseEndText(endsAt: string): string {
  const end = new Date(endsAt);
  if (istTimeOfDay(end) === '00:00:00') return formatDayMonth(new Date(end.getTime() - DAY_MS).toISOString());
  return formatInstant(endsAt);
}

export function nextPriceText(
  type: Pick<PublicTicketType, 'phase' | 'nextPhase'>,
  t: TFunction,
): string | null {
  const next = nextPrice(type);
  if (!next) return null;
  const values = { price: formatRupees(next.price), label: next.label };
  if (next.endsAt && next.left !== null)
    return t('purchase.types.nextBoth', { ...values, date: phaseEndText(next.endsAt), count: next.left });
  if (next.endsAt) return t('purchase.types.nextDate', { ...values, date: phaseEndText(next.endsAt) });
  if (next.left !== null) return t('purchase.types.nextLeft', { ...values, count: next.left });
  return t('purchase.types.nextPlain', values);
}
