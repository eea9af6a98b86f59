import { GROUP_MIN_QUANTITY } from './constants';
import { phaseStanding } from './price-phases';
import type { TicketTypeRule, TypeTaken } from './ticket-types';

// The price of tickets staff issue by hand (cash or direct UPI at the desk, guests of the house). Staff issue
// one type at a time, at the price a buyer of that type would pay now: the current phase's price (else the
// type's own), with the type's group price from 4 as checkout applies it (it replaces a phase-less price, and is
// a ceiling under phases). "Free" issues at ₹0. Hand-issued tickets take no phase quantity (they are not sold
// through the phase), so every ticket of one issuance has the same price.

export type ManualPricingTier = 'Individual' | 'Group' | 'Free';

export interface ManualPrice {
  /** What a buyer pays for one ticket of the type now, before any group price: the list price shown. */
  listPricePaise: number;
  pricePerTicketPaise: number;
  totalPaise: number;
  pricingTier: ManualPricingTier;
  /** The phase whose price applies, if any (shown beside the price). */
  phaseLabel: string | null;
}

export function manualIssuancePrice(
  type: Pick<TicketTypeRule, 'name' | 'pricePaise' | 'groupPrice4Paise' | 'phases'>,
  taken: TypeTaken,
  quantity: number,
  now: Date,
  free: boolean,
): ManualPrice {
  const standing = phaseStanding(type, taken, now);
  const listPricePaise = standing.pricePaise;
  const phaseLabel = standing.current?.phase.label ?? null;
  if (free) return { listPricePaise, pricePerTicketPaise: 0, totalPaise: 0, pricingTier: 'Free', phaseLabel };
  const group = quantity >= GROUP_MIN_QUANTITY && type.groupPrice4Paise !== null && type.groupPrice4Paise > 0;
  const pricePerTicketPaise = !group
    ? listPricePaise
    : type.phases.length === 0
      ? type.groupPrice4Paise!
      : Math.min(listPricePaise, type.groupPrice4Paise!);
  return {
    listPricePaise,
    pricePerTicketPaise,
    totalPaise: pricePerTicketPaise * quantity,
    pricingTier: group ? 'Group' : 'Individual',
    phaseLabel,
  };
}
