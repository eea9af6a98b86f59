import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import { useState } from 'react';
import type { PlannedOrder } from '../checkout/order-plan';
import type { PurchaseEvent } from '../checkout/purchase-types';

// Resold tickets in the purchase dialog (face-value resale): offered once a type's own stock is gone, one ticket a
// purchase, at the face value of the listing sold next (GET /event's resalePrice). The server sells them only
// while nobody waits in the waitlist, which gets them first; when it refuses, the dialog says so and refetches.

/** A type with resold tickets on offer, and the price of the next one. */
export interface ResaleOffer {
  type: PublicTicketType;
  price: number;
  count: number;
}

/** Types whose own stock is gone (or the whole event's) and that have resold tickets waiting for a buyer. */
export function resaleOffers(event: PurchaseEvent): ResaleOffer[] {
  const eventSoldOut = event.availableTickets !== null && event.availableTickets <= 0;
  return (event.ticketTypes ?? []).flatMap((type) => {
    const count = type.resaleAvailable ?? 0;
    const price = type.resalePrice ?? null;
    if (count <= 0 || price === null || !(eventSoldOut || type.soldOut)) return [];
    return [{ type, price, count }];
  });
}

/** The order a resold ticket of `offer` makes: one ticket of its type, sent with `resale: true`. */
export function resalePlan(offer: ResaleOffer): PlannedOrder {
  return {
    quantity: 1,
    total: offer.price,
    quote: null,
    lines: [
      {
        ticketTypeId: offer.type.id,
        name: offer.type.name,
        quantity: 1,
        admits: offer.type.admits,
        phaseLabel: null,
        unitPrice: offer.price,
        discount: 0,
        total: offer.price,
      },
    ],
    discount: 0,
    items: [{ ticketTypeId: offer.type.id, quantity: 1 }],
    promoCode: null,
    resale: true,
  };
}

/** Which resale offer the guest picked, and whether they chose resale while new tickets of other types remain. */
export function useResaleChoice(event: PurchaseEvent) {
  const offers = resaleOffers(event);
  const [picked, setPicked] = useState<string | null>(null);
  const [chosen, setChosen] = useState(false);
  const offer = offers.find((candidate) => candidate.type.id === picked) ?? offers[0] ?? null;
  const eventSoldOut = event.availableTickets !== null && event.availableTickets <= 0;
  // With the event sold out, resale is all there is; otherwise the guest asks for it.
  const active = offer !== null && (eventSoldOut || chosen);
  return {
    offers,
    offer,
    pick: setPicked,
    active,
    choose: setChosen,
    planned: active && offer ? resalePlan(offer) : null,
  };
}

export type ResaleChoice = ReturnType<typeof useResaleChoice>;
