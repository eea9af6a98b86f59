import { type ManualPrice, manualIssuancePrice } from '@utsav/domain/manual-issuance-price';
import { rupeesToPaise } from '@utsav/domain/pricing';
import {
  type TicketTypeRule,
  type TypeTaken,
  ticketsFittingPeople,
  typeTicketsLeft,
} from '@utsav/domain/ticket-types';
import type { AdminTicketType as IssuanceType } from '../../../../lib/admin-ticket-types';

// The chosen type as the shared rules read it (money in paise), so the form shows the price the server will
// charge (@utsav/domain/manual-issuance-price) and how many of the type fit.

type PricedRule = Pick<TicketTypeRule, 'name' | 'pricePaise' | 'groupPrice4Paise' | 'phases' | 'capacity'>;

function ruleOf(type: IssuanceType): PricedRule {
  return {
    name: type.name,
    pricePaise: rupeesToPaise(type.price),
    groupPrice4Paise: type.groupPrice4 === null ? null : rupeesToPaise(type.groupPrice4),
    capacity: type.capacity,
    phases: type.phases.map((phase) => ({
      id: phase.id,
      label: phase.label,
      pricePaise: rupeesToPaise(phase.price),
      endsAt: phase.endsAt,
      quantity: phase.quantity,
    })),
  };
}

function takenOf(type: IssuanceType): TypeTaken {
  return {
    tickets: type.sold + type.held,
    phases: new Map(type.phases.map((phase) => [phase.id, phase.sold + phase.held])),
  };
}

/** The type the form names: its own choice, else the default type. */
export function chosenType(types: readonly IssuanceType[], id: string | null): IssuanceType | undefined {
  return types.find((type) => (id === null ? type.isDefault : type.id === id));
}

export function issuancePrice(type: IssuanceType, quantity: number, free: boolean, now: Date): ManualPrice {
  return manualIssuancePrice(ruleOf(type), takenOf(type), quantity, now, free);
}

/** Tickets of the type that can still be issued: its capacity, and the event's people (a couple pass needs 2). */
export function typeAvailable(type: IssuanceType, peopleLeft: number | null): number | null {
  const byType = typeTicketsLeft(ruleOf(type), takenOf(type));
  const byPeople =
    peopleLeft === null ? Number.POSITIVE_INFINITY : ticketsFittingPeople(peopleLeft, type.admits);
  const left = Math.min(byType, byPeople);
  return Number.isFinite(left) ? left : null;
}
