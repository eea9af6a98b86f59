import type { PriceChangedFigures, PublicTicketType } from '@utsav/domain/api/ticket-types';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import type { PersonAllowance } from '@utsav/domain/person-limit';
import { quote } from '@utsav/domain/pricing';
import { typeStepperMax } from '@utsav/domain/public-pricing';
import { useEffect, useMemo, useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import {
  type Chosen,
  checkedFigures,
  choosesTypes,
  type Figures,
  localFigures,
  orderKey,
  type PlannedOrder,
  type ServerFigures,
} from '../checkout/order-plan';
import type { PurchaseEvent } from '../checkout/purchase-types';
import { isCodeRefusal, refusalText, refusedTypeId } from '../checkout/type-refusals';
import { parseQuantity } from '../components/quantity-stepper';
import { type LineRefusal, usePromoCode } from './use-promo-code';

// What the guest is choosing in the purchase dialog: a quantity at the product's one price (an event with a
// single type and no phases, as every event had before types), or a quantity per ticket type; an optional code
// either way. It prices the choice (order-plan.ts) and says what the payment hook may send.

export interface TypeLimits {
  /** Most tickets of each type its stepper offers (typeStepperMax). */
  maxOf: (type: PublicTicketType) => number;
}

export function useOrderChoice({
  event,
  allowance,
  signedIn,
  onSignIn,
}: {
  event: PurchaseEvent;
  allowance: PersonAllowance | null;
  signedIn: boolean;
  onSignIn: () => Promise<unknown>;
}) {
  const [text, setText] = useState('1');
  const [chosenTypes, setChosenTypes] = useState<Chosen>({});
  const [serverFigures, setServerFigures] = useState<ServerFigures | null>(null);
  const [checkoutRefusal, setCheckoutRefusal] = useState<LineRefusal | null>(null);

  const available = event.availableTickets;
  const listed = event.ticketTypes;
  // The product's single stepper: no types sent (an older server), or one type without phases (the default).
  const single = listed && listed.length === 1 && !choosesTypes(listed) ? listed[0] : undefined;
  const classicMax = Math.max(
    1,
    Math.min(
      DEFAULT_ORDER_QUANTITY_CAP,
      available ?? DEFAULT_ORDER_QUANTITY_CAP,
      allowance?.remaining ?? DEFAULT_ORDER_QUANTITY_CAP,
      single?.perPersonLimit ?? DEFAULT_ORDER_QUANTITY_CAP,
    ),
  );
  const classicQuantity = parseQuantity(text, classicMax);
  const typed = listed !== undefined && !single;
  const chosen: Chosen = typed ? chosenTypes : single ? { [single.id]: classicQuantity ?? 0 } : {};

  const code = usePromoCode({ chosen, listed, signedIn, onSignIn });
  const { types, items, key } = code;

  const admitsOf = useMemo(() => new Map(types.map((type) => [type.id, type.admits])), [types]);
  const chosenLines = new Map(
    items.map((item) => [
      item.ticketTypeId,
      { quantity: item.quantity, admits: admitsOf.get(item.ticketTypeId) ?? 1 },
    ]),
  );
  const limits = {
    orderCap: DEFAULT_ORDER_QUANTITY_CAP,
    allowanceRemaining: allowance?.remaining ?? null,
    peopleLeft: available,
  };
  const maxOf = (type: PublicTicketType) => typeStepperMax(type, chosenLines, limits);

  // The event was refetched with fewer tickets (or a type went off sale): keep each choice within what exists.
  const overMax = types.filter((type) => (chosenTypes[type.id] ?? 0) > Math.max(0, maxOf(type)));
  useEffect(() => {
    if (overMax.length === 0) return;
    setChosenTypes((current) => {
      const next = { ...current };
      for (const type of overMax) next[type.id] = Math.max(0, Math.min(current[type.id] ?? 0, maxOf(type)));
      return next;
    });
  });

  const codeKey = orderKey(items, code.orderCode);
  // PRICE_CHANGED's figures hold for the order they were given for, until the guest changes it.
  const override = serverFigures?.key === codeKey ? serverFigures : null;
  let figures: Figures | null = null;
  if (override) figures = checkedFigures(override.figures);
  else if (code.orderCode && code.applied) figures = checkedFigures(code.applied.answer);
  else if (items.length > 0)
    figures = localFigures(items, types, {
      peopleLeft: available ?? Number.MAX_SAFE_INTEGER,
      now: new Date(),
    });

  const classicQuote = classicQuantity === null ? null : quote(event, classicQuantity);
  let planned: PlannedOrder | null = null;
  if (!typed && classicQuote && !code.orderCode && !override) {
    const priced = classicQuote;
    planned = {
      quantity: priced.quantity,
      total: priced.total,
      quote: priced,
      lines: [],
      discount: 0,
      items: null,
      promoCode: null,
    };
  } else if (figures?.ok && figures.tickets > 0 && !code.pending) {
    planned = {
      quantity: figures.tickets,
      total: figures.total,
      quote: null,
      lines: figures.lines,
      discount: figures.discount,
      items,
      promoCode: code.orderCode,
    };
  }
  // The classic stepper's quote carries its own saving line; an order of types or with a code shows lines.
  const showsLines = typed || code.orderCode !== null || override !== null;

  function setQuantity(typeId: string, quantity: number) {
    setChosenTypes((current) => ({ ...current, [typeId]: Math.max(0, quantity) }));
  }

  /** A type or the code was refused by the checkout: said at its line (or the code's field). */
  function onRefused(error: ApiError) {
    if (isCodeRefusal(error)) {
      code.refuse(error.message);
      return;
    }
    const names = new Map(types.map((type) => [type.id, type.name]));
    const ticketTypeId = refusedTypeId(error, items, names);
    if (ticketTypeId) setCheckoutRefusal({ ticketTypeId, text: refusalText(error), key });
  }

  const lineRefusal =
    code.lineRefusal ?? (checkoutRefusal && checkoutRefusal.key === key ? checkoutRefusal : null);

  return {
    typed,
    /** The product's single stepper. */
    classic: { text, setText, max: classicMax, quote: classicQuote },
    types,
    chosen,
    setQuantity,
    maxOf,
    code,
    figures,
    showsLines,
    /** The figures shown are the server's, sent with PRICE_CHANGED. */
    changed: override !== null,
    planned,
    lineRefusal,
    onRefused,
    onPriceChanged: (next: PriceChangedFigures, forKey: string) =>
      setServerFigures({ key: forKey, figures: next }),
    /** Back to a fresh choice after a purchase. */
    reset: () => {
      setText('1');
      setChosenTypes({});
      setServerFigures(null);
      setCheckoutRefusal(null);
      code.remove();
    },
  };
}

export type OrderChoice = ReturnType<typeof useOrderChoice>;
