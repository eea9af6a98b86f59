import { useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '@utsav/domain/api/purchase';
import type { PriceChangedFigures } from '@utsav/domain/api/ticket-types';
import type { CheckoutAnswer } from '@utsav/domain/checkout-answers';
import { orderTicketNames } from '@utsav/domain/purchase-schema';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { EVENT_QUERY_KEY, MY_TICKETS_QUERY_KEY } from '../../../lib/query-keys';
import { type CheckoutSuccess, loadCheckout } from '../../../lib/razorpay';
import { toastTarget } from '../../../ui/toast';
import { OrderNotCreatedError, useCreateOrder } from '../api/create-order';
import { PURCHASE_ALLOWANCE_QUERY_KEY } from '../api/get-purchase-allowance';
import { PaymentNotVerifiedError, useVerifyPayment } from '../api/verify-payment';
import { type OpenOrder, reusableOrder } from '../checkout/open-order';
import { orderKey, type PlannedOrder } from '../checkout/order-plan';
import {
  FAILURE_TOAST_IDS,
  isStaleEventError,
  PURCHASE_MESSAGES,
  paymentFailedMessage,
  reasonText,
  staleEventTitle,
  ticketsLabel,
  tierName,
} from '../checkout/purchase-messages';
import type { Buyer, Notice, PurchaseEvent, PurchaseResult, Step } from '../checkout/purchase-types';
import { isCodeRefusal, isTypeRefusal, priceChangedFigures } from '../checkout/type-refusals';
import type { BusinessPayload } from './use-business-details';

// The paying half of the purchase dialog: create (or reuse) the order, open the provider's window, verify
// the payment. The dialog owns the steps; this moves them as the payment goes.

const THEME_COLOR = '#ffa63d';

export interface PurchasePaymentInput {
  event: PurchaseEvent;
  buyer: Buyer | null;
  order: PlannedOrder | null;
  /** Who each ticket is for, one entry per ticket at most (blank: the buyer's name). */
  ticketNames: readonly string[];
  /** Answers to the organiser's questions (create-order's `answers`). */
  answers?: readonly CheckoutAnswer[];
  /** A business's GST details for its invoice (create-order's `buyerGstin`, …); null: none asked for. */
  business?: BusinessPayload | null;
  /** The convenience fee the dialog shows on top of the tickets (rupees), sent to be checked; null: none shown. */
  convenienceFee?: number | null;
  /** The server refused answers or business details: true when the dialog showed them by their fields. */
  onAnswersRefused?: (error: unknown) => boolean;
  /** The waiting room's pass, sent with the order. */
  queuePass: RefObject<string | null>;
  setStep: (step: Step) => void;
  setNotice: (notice: Notice | null) => void;
  /** A toast shown once the dialog is open again (see the dialog's pendingToast). */
  setPendingToast: (notice: Notice | null) => void;
  /** Many buyers at once: the server wants the guest in the waiting line first. */
  onQueueRequired: () => void;
  /** The payment is confirmed: the dialog starts afresh next time. */
  onPaid: () => void;
  onPurchased: (result: PurchaseResult) => void;
  onEventStale: () => void;
  /** PRICE_CHANGED of an order of types, with the server's figures: shown, and paid if the guest goes on. */
  onPriceChanged: (figures: PriceChangedFigures, key: string) => void;
  /** A type or the code refused at the checkout: the dialog puts the sentence at its line, back at the choice. */
  onRefused: (error: ApiError, order: PlannedOrder) => void;
}

/** The order's request: the product's payload at the one price, or its types and code as items. */
function orderRequest(
  order: PlannedOrder,
  event: PurchaseEvent,
  ticketNames: string[] | null,
  answers: readonly CheckoutAnswer[] = [],
  business: BusinessPayload | null = null,
  convenienceFee: number | null = null,
) {
  const names = {
    ...(ticketNames ? { ticketNames } : {}),
    ...(convenienceFee !== null ? { convenienceFee } : {}),
    ...(answers.length > 0 ? { answers: [...answers] } : {}),
    ...(business ? { business } : {}),
  };
  if (order.quote && !order.items) {
    return {
      kind: 'quantity' as const,
      quantity: order.quote.quantity,
      amount: order.quote.total,
      eventId: event.id,
      eventName: event.name,
      pricePerTicket: order.quote.pricePerTicket,
      pricingTier: order.quote.pricingTier,
      ...names,
    };
  }
  return {
    kind: 'items' as const,
    items: order.items ?? [],
    ...(order.promoCode ? { promoCode: order.promoCode } : {}),
    ...(order.resale ? { resale: true } : {}),
    quantity: order.quantity,
    amount: order.total,
    eventId: event.id,
    eventName: event.name,
    ...names,
  };
}

export function usePurchasePayment(input: PurchasePaymentInput) {
  const { event, buyer, order: planned, queuePass, setStep, setNotice, setPendingToast } = input;
  const { t } = useTranslation();
  const [unverifiedOrder, setUnverifiedOrder] = useState<string | null>(null);
  const createOrder = useCreateOrder();
  const verifyPayment = useVerifyPayment();
  const queryClient = useQueryClient();
  // Bumped whenever the dialog closes or the guest leaves the confirm step: an order that answers after
  // that (a slow or flaky network) must not open the payment window the guest no longer asked for.
  const payAttempt = useRef(0);
  // The checkout already started here (see checkout/open-order.ts): paid again after a dismissal, not re-held.
  const openOrder = useRef<OpenOrder | null>(null);
  useEffect(
    () => () => {
      payAttempt.current += 1;
    },
    [],
  );

  const abandon = useCallback(() => {
    payAttempt.current += 1;
  }, []);

  async function confirmPayment(response: CheckoutSuccess, count: number) {
    // Paid: whatever verification says, this order is not to be opened again.
    openOrder.current = null;
    setStep('verifying');
    try {
      const verified = await verifyPayment.mutateAsync({ ...response, quantity: count });
      // An earlier failed attempt's toasts are stale now: the guest sees the success alone.
      for (const id of FAILURE_TOAST_IDS) toast.dismiss(id);
      setStep('select');
      input.onPaid();
      input.onPurchased({
        count: verified.tickets.length || count,
        orderId: verified.orderId,
      });
    } catch (error) {
      const refused =
        error instanceof PaymentNotVerifiedError ||
        (error instanceof ApiError && error.status >= 400 && error.status < 500);
      // The payment may still be confirmed by the provider's webhook: My Tickets should ask again.
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY });
      setUnverifiedOrder(response.razorpay_order_id);
      setStep('unverified');
      setPendingToast({
        tone: 'error',
        text: t(refused ? PURCHASE_MESSAGES.verificationFailed : PURCHASE_MESSAGES.verificationError),
      });
    }
  }

  /** A ₹0 order is issued by create-order itself: nothing to pay or verify. */
  function confirmFree(order: Checkout, count: number) {
    openOrder.current = null;
    for (const id of FAILURE_TOAST_IDS) toast.dismiss(id);
    void queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PURCHASE_ALLOWANCE_QUERY_KEY });
    setStep('select');
    input.onPaid();
    input.onPurchased({ count, orderId: order.orderId });
  }

  async function pay() {
    if (!planned) return;
    setNotice(null);
    for (const id of FAILURE_TOAST_IDS) toast.dismiss(id);
    payAttempt.current += 1;
    const attempt = payAttempt.current;
    const stillWanted = () => payAttempt.current === attempt;
    const checkout = loadCheckout();
    checkout.catch(() => undefined);
    let order: Checkout;
    // A resale hold is another order than new tickets of the same type: never reused for one.
    const key = `${orderKey(planned.items, planned.promoCode)}${planned.resale ? '|resale' : ''}`;
    try {
      const ticketNames = orderTicketNames(input.ticketNames);
      const selection = {
        person: buyer?.email ?? '',
        quantity: planned.quantity,
        total: planned.total,
        names: ticketNames ?? [],
        key,
        // The business's details are kept on the order when it is made: other details need another order.
        business: input.business ? JSON.stringify(input.business) : '',
      };
      order =
        reusableOrder(openOrder.current, selection, Date.now()) ??
        (await createOrder.mutateAsync({
          ...orderRequest(
            planned,
            event,
            ticketNames,
            input.answers,
            input.business,
            input.convenienceFee ?? null,
          ),
          queuePass: queuePass.current,
        }));
      openOrder.current = { ...selection, order };
    } catch (error) {
      if (!stillWanted()) return;
      if (input.onAnswersRefused?.(error)) return;
      if (error instanceof ApiError && error.code === 'QUEUE_REQUIRED') {
        // Many buyers at once: wait in line, then this payment continues by itself.
        input.onQueueRequired();
        return;
      }
      if (error instanceof ApiError && error.code === 'SALES_NOT_OPEN') {
        setNotice({ tone: 'error', text: reasonText(error, t) });
        input.onEventStale();
        setStep('select');
        return;
      }
      const figures = priceChangedFigures(error);
      if (figures) {
        // The server's figures for this order: the guest sees them and pays them, or goes back.
        setNotice({ tone: 'error', text: reasonText(error as ApiError, t) });
        input.onEventStale();
        input.onPriceChanged(figures, key);
        return;
      }
      if (isTypeRefusal(error) || isCodeRefusal(error)) {
        toast.error(
          t(PURCHASE_MESSAGES.orderFailed),
          toastTarget({ id: FAILURE_TOAST_IDS[0], description: error.message }),
        );
        input.onEventStale();
        input.onRefused(error, planned);
        setStep('select');
        return;
      }
      if (isStaleEventError(error)) {
        // The price moved, the tickets ran out or the person's cap is reached: say what the server said and
        // show the fresh numbers.
        toast.error(
          staleEventTitle(error, t, planned.resale === true),
          toastTarget({ id: FAILURE_TOAST_IDS[0], description: reasonText(error, t) }),
        );
        setNotice({ tone: 'error', text: reasonText(error, t) });
        void queryClient.invalidateQueries({ queryKey: PURCHASE_ALLOWANCE_QUERY_KEY });
        input.onEventStale();
        setStep('select');
      } else if (error instanceof OrderNotCreatedError) {
        toast.error(t(PURCHASE_MESSAGES.orderNotCreated), toastTarget({ id: FAILURE_TOAST_IDS[0] }));
      } else {
        // Say why when the reason is the connection (the product's network message), not only that it failed.
        const reason =
          error instanceof ApiError && error.code === 'NETWORK_ERROR' ? reasonText(error, t) : undefined;
        toast.error(
          t(PURCHASE_MESSAGES.orderFailed),
          toastTarget({ id: FAILURE_TOAST_IDS[0], ...(reason ? { description: reason } : {}) }),
        );
        if (reason) setNotice({ tone: 'error', text: reason });
      }
      return;
    }

    const count = planned.quantity;
    // Issued already (whether or not the guest still waits for it): their tickets are theirs.
    if (order.free) {
      confirmFree(order, count);
      return;
    }
    let Razorpay: Awaited<typeof checkout>;
    try {
      Razorpay = await checkout;
    } catch {
      if (stillWanted())
        toast.error(t(PURCHASE_MESSAGES.checkoutUnavailable), toastTarget({ id: FAILURE_TOAST_IDS[0] }));
      return;
    }
    // The answer came after the guest closed the dialog or went back: the hold simply expires.
    if (!stillWanted()) return;

    const instance = new Razorpay({
      key: order.key,
      amount: order.amountPaise,
      currency: order.currency,
      order_id: order.orderId,
      name: event.name,
      description: planned.quote
        ? t('purchase.checkoutDescription', {
            tickets: ticketsLabel(count, t),
            tier: tierName(planned.quote.pricingTier, t),
          })
        : ticketsLabel(count, t),
      prefill: buyer ? { name: buyer.name, email: buyer.email } : {},
      notes: { eventId: event.id, quantity: String(count) },
      theme: { color: THEME_COLOR },
      handler: (response) => {
        void confirmPayment(response, count);
      },
      modal: {
        ondismiss: () => {
          setStep('confirm');
          setNotice({ tone: 'info', text: t('purchase.notice.cancelled') });
          setPendingToast({ tone: 'info', text: t(PURCHASE_MESSAGES.cancelled) });
        },
      },
    });
    instance.on('payment.failed', (response) => {
      // The provider's window stays open so the guest can try again or pick another method.
      const reason = response.error?.description ?? response.error?.reason ?? t('purchase.toast.declined');
      toast.error(paymentFailedMessage(reason, t), toastTarget({ id: FAILURE_TOAST_IDS[1] }));
    });
    // Our modal must be gone before the provider's window opens: a modal <dialog> makes the rest of the page
    // inert, the provider's window included.
    flushSync(() => setStep('paying'));
    instance.open();
  }

  return {
    pay,
    pending: createOrder.isPending,
    unverifiedOrder,
    /** The guest closed the dialog: an order that answers later must not open the payment window. */
    abandon,
  };
}

/** Keeps the tab from being closed while a payment is being confirmed. */
export function useBlockUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
