import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ORDER_QUANTITY_CAP, POLICY } from '@utsav/domain/constants';
import { personLimitMessage } from '@utsav/domain/person-limit';
import { formatRupees, type Quote, quote } from '@utsav/domain/pricing';
import { quantityMessage } from '@utsav/domain/purchase-schema';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { lineOpensAt } from '@utsav/domain/waiting-room';
import { ArrowLeft, CalendarDays, CircleAlert, Lock, MapPin, Ticket } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { IdentityError } from '../../../lib/identity';
import { useSalesOpen } from '../../../lib/use-sales-open';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { GoogleIcon } from '../../../ui/google-icon';
import { PricingTiers } from '../../../ui/pricing-tiers';
import { Spinner } from '../../../ui/spinner';
import { toastTarget } from '../../../ui/toast';
import { OrderNotCreatedError, useCreateOrder } from '../api/create-order';
import { MY_TICKETS_QUERY_KEY } from '../api/get-my-tickets';
import { PURCHASE_ALLOWANCE_QUERY_KEY, usePurchaseAllowance } from '../api/get-purchase-allowance';
import { PaymentNotVerifiedError, useVerifyPayment } from '../api/verify-payment';
import { type OpenOrder, reusableOrder } from '../checkout/open-order';
import { type CheckoutSuccess, loadCheckout } from '../checkout/razorpay';
import { useWaitingRoom } from '../hooks/use-waiting-room';
import { AllowanceNote, LimitReachedContent } from './purchase-allowance';
import { parseQuantity, QuantityStepper } from './quantity-stepper';
import { SalesNotOpenContent } from './sales-not-open-content';
import { WaitingRoomStep } from './waiting-room-step';

export interface PurchaseEvent {
  id: string;
  name: string;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
  groupPrice4: number | null;
  availableTickets: number | null;
  /** ISO instant ticket sales open; absent or null: open now. */
  salesOpenAt?: string | null;
}

export interface Buyer {
  name: string;
  email: string;
}

export interface PurchaseResult {
  count: number;
  orderId: string | null;
}

// The toasts of guest-side §8, verbatim.
export const PURCHASE_MESSAGES = {
  orderFailed: 'Failed to create payment order. Please try again.',
  orderNotCreated: 'Failed to create order',
  verificationFailed: 'Payment verification failed. Please contact support.',
  verificationError: 'An error occurred during payment verification. Please contact support.',
  cancelled: 'Payment cancelled',
  signInFailed: 'Sign-in failed. Please try again.',
  signInCancelled: 'Sign-in was cancelled.',
  signInBlocked: 'Pop-up was blocked. Please allow pop-ups for this site.',
  checkoutUnavailable: 'The payment window could not be opened. Please check your connection and try again.',
} as const;

const THEME_COLOR = '#ffa63d';

/** Toast ids of failures that a later success makes stale (cleared when the payment is confirmed). */
const FAILURE_TOAST_IDS = ['purchase-order-failed', 'purchase-payment-failed'] as const;

/**
 * 'Payment failed: {reason}', without saying it twice when the provider's reason is itself
 * 'Payment failed' (or starts with it).
 */
export function paymentFailedMessage(reason: string | undefined): string {
  const text = reason?.trim().replace(/[.!]+$/, '') ?? '';
  if (!text) return 'Payment failed';
  if (/^payment failed\b/i.test(text)) return text;
  return `Payment failed: ${text}`;
}

/**
 * select → (signin, when signed out) → confirm → paying (the provider's window) → verifying → done.
 * 'unverified' is where a payment whose confirmation failed ends, with the order reference for support.
 */
type Step = 'select' | 'signin' | 'confirm' | 'waiting' | 'paying' | 'verifying' | 'unverified';

type Notice = { tone: 'info' | 'error'; text: string };

const STEP_TITLES: Record<Step, string> = {
  select: 'Book Your Tickets',
  signin: 'Sign In Required',
  confirm: 'Confirm Your Purchase',
  waiting: 'You Are in the Line',
  paying: 'Complete Your Payment',
  verifying: 'Confirming your payment…',
  unverified: 'Payment Not Confirmed',
};

const LIMIT_REACHED_TITLE = 'Ticket Limit Reached';

function ticketsLabel(count: number): string {
  return `${count} ${count === 1 ? 'ticket' : 'tickets'}`;
}

function signInMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    if (error.code === 'popup-closed') return PURCHASE_MESSAGES.signInCancelled;
    if (error.code === 'popup-blocked') return PURCHASE_MESSAGES.signInBlocked;
  }
  return PURCHASE_MESSAGES.signInFailed;
}

/** A refused order the guest can act on: the price moved, the tickets are gone, or the person's cap is reached. */
function isStaleEventError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'PRICE_CHANGED' || error.code === 'SOLD_OUT' || error.code === 'PERSON_LIMIT_REACHED')
  );
}

function EventSummary({ event }: { event: PurchaseEvent }) {
  return (
    <ul className="grid gap-1.5 text-sm text-maroon-50">
      <li className="flex items-start gap-2">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
        <span>
          {event.date ? `${formatEventDate(event.date)} · ` : ''}
          {formatTimeRange(event.startTime, event.endTime)}
        </span>
      </li>
      <li className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
        <span>{event.venue}</span>
      </li>
    </ul>
  );
}

function TotalLine({ priced }: { priced: Quote | null }) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3"
    >
      {priced ? (
        <>
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-maroon-100">
              {ticketsLabel(priced.quantity)} × {formatRupees(priced.pricePerTicket)}
              <span className="ml-1.5 text-xs text-maroon-200">({priced.pricingTier})</span>
            </span>
            <span className="text-2xl font-bold text-gold-200">
              <span className="sr-only">Total </span>
              {formatRupees(priced.total)}
            </span>
          </p>
          {priced.saving > 0 ? (
            <p className="mt-1 text-sm font-semibold text-emerald-300">
              You save {formatRupees(priced.saving)} with the group price
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-maroon-100">Choose how many tickets to see the total.</p>
      )}
    </div>
  );
}

function NoticeLine({ notice }: { notice: Notice | null }) {
  return (
    <p
      role="status"
      className={`text-sm empty:hidden ${notice?.tone === 'error' ? 'text-rose-200' : 'text-gold-200'}`}
    >
      {notice?.text ?? ''}
    </p>
  );
}

function SelectStep({
  event,
  max,
  text,
  onTextChange,
  priced,
  agreed,
  onAgreedChange,
  inputRef,
  allowanceNote,
}: {
  event: PurchaseEvent;
  max: number;
  text: string;
  onTextChange: (text: string) => void;
  priced: Quote | null;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  allowanceNote: ReactNode;
}) {
  const error = priced ? null : quantityMessage(max);
  return (
    <div className="grid gap-5">
      <section aria-labelledby="purchase-pricing">
        <h3
          id="purchase-pricing"
          className="mb-2 font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase"
        >
          Pricing
        </h3>
        <PricingTiers event={event} activeTier={priced?.pricingTier} />
      </section>
      <QuantityStepper text={text} max={max} onTextChange={onTextChange} error={error} inputRef={inputRef} />
      {allowanceNote}
      <TotalLine priced={priced} />
      <label className="flex cursor-pointer items-start gap-3 text-sm break-words text-maroon-50">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(changeEvent) => onAgreedChange(changeEvent.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
        />
        <span>
          I agree to the{' '}
          <a
            href="/terms-of-service"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300"
          >
            Terms of Service
          </a>{' '}
          and the{' '}
          <a
            href="/refund-policy"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300"
          >
            Refund Policy
          </a>
          .
        </span>
      </label>
    </div>
  );
}

function SignInStep({ priced }: { priced: Quote }) {
  return (
    <div className="grid gap-4 text-maroon-50">
      <p className="flex gap-3">
        <Lock aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
        <span>
          Please sign in to continue. Your tickets are issued to your account, and the QR codes for the gate
          appear under My Tickets.
        </span>
      </p>
      <p className="rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm">
        Your selection is kept: <strong className="text-cream">{ticketsLabel(priced.quantity)}</strong> for{' '}
        <strong className="text-cream">{formatRupees(priced.total)}</strong>. After signing in you go straight
        on to confirm and pay.
      </p>
    </div>
  );
}

function ConfirmStep({
  event,
  priced,
  buyer,
  notice,
}: {
  event: PurchaseEvent;
  priced: Quote;
  buyer: Buyer | null;
  notice: Notice | null;
}) {
  return (
    <div className="grid gap-4">
      <div>
        <p className="font-semibold text-cream">{event.name}</p>
        <div className="mt-1">
          <EventSummary event={event} />
        </div>
      </div>
      <dl className="grid gap-2 rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">Tickets</dt>
          <dd className="font-semibold text-cream">{priced.quantity}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">Price per ticket</dt>
          <dd className="font-semibold text-cream">
            {formatRupees(priced.pricePerTicket)}{' '}
            <span className="text-maroon-200">({priced.pricingTier})</span>
          </dd>
        </div>
        {priced.saving > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-maroon-100">Group saving</dt>
            <dd className="font-semibold text-emerald-300">−{formatRupees(priced.saving)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 border-t border-gold-400/20 pt-2">
          <dt className="font-semibold text-cream">Total</dt>
          <dd className="text-xl font-bold text-gold-200">{formatRupees(priced.total)}</dd>
        </div>
      </dl>
      {buyer ? (
        <p className="text-sm text-maroon-100">
          Tickets for <strong className="text-cream">{buyer.name}</strong> ({buyer.email}). Payment is by card
          or UPI in a secure Razorpay window.
        </p>
      ) : null}
      <NoticeLine notice={notice} />
    </div>
  );
}

function VerifyingStep() {
  return (
    <div role="status" aria-live="assertive" className="flex flex-col items-center gap-4 py-6 text-center">
      <Spinner size="lg" />
      <p className="sr-only">Confirming your payment…</p>
      <p className="text-maroon-100">
        Your payment went through. Please keep this page open for a few seconds while we issue your tickets.
      </p>
    </div>
  );
}

function UnverifiedStep({ orderId }: { orderId: string | null }) {
  return (
    <div className="grid gap-3 text-maroon-50">
      <p className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-rose-200" />
        <span>
          We could not confirm this payment. If money was taken, your tickets appear under My Tickets as soon
          as the payment provider confirms it, or the amount is refunded in full.
        </span>
      </p>
      {orderId ? (
        <p className="text-sm">
          Order reference:{' '}
          <code className="rounded bg-maroon-950 px-1.5 py-0.5 text-gold-200">{orderId}</code>
        </p>
      ) : null}
      <p className="text-sm">
        Questions? Write to{' '}
        <a
          className="font-semibold text-gold-200 underline underline-offset-2"
          href={`mailto:${POLICY.supportEmail}?subject=${encodeURIComponent(`Payment not confirmed ${orderId ?? ''}`.trim())}`}
        >
          {POLICY.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}

function SoldOutContent() {
  return (
    <p className="flex gap-3 text-maroon-50">
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
      <span>Every ticket for this night has been sold. Thank you for your interest!</span>
    </p>
  );
}

function dialogTitle(step: Step, soldOut: boolean, limitReached: boolean): string {
  if (step === 'verifying' || step === 'unverified' || step === 'paying') return STEP_TITLES[step];
  if (soldOut) return 'Event Sold Out';
  if (limitReached && step !== 'signin') return LIMIT_REACHED_TITLE;
  return STEP_TITLES[step];
}

/** Keeps the tab from being closed while a payment is being confirmed. */
function useBlockUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/**
 * The purchase dialog (guest-side §2, §4, §5, §8). Sign-in and navigation belong to the page: it passes the
 * buyer (null when signed out), how to sign in, and what to do once tickets are issued.
 */
export function PurchaseDialog({
  event,
  open,
  onClose,
  buyer,
  onSignIn,
  onPurchased,
  onEventStale,
}: {
  event: PurchaseEvent;
  open: boolean;
  onClose: () => void;
  buyer: Buyer | null;
  onSignIn: () => Promise<unknown>;
  onPurchased: (result: PurchaseResult) => void;
  onEventStale: () => void;
}) {
  const [step, setStep] = useState<Step>('select');
  const [text, setText] = useState('1');
  const [agreed, setAgreed] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pendingToast, setPendingToast] = useState<Notice | null>(null);
  const [unverifiedOrder, setUnverifiedOrder] = useState<string | null>(null);
  const createOrder = useCreateOrder();
  const verifyPayment = useVerifyPayment();
  const queryClient = useQueryClient();
  const quantityRef = useRef<HTMLInputElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
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

  // The waiting room (issue 9): the pass it gave, and whether its turn should resume a payment by itself.
  const queuePass = useRef<string | null>(null);
  const resumePay = useRef(false);
  const handlePayRef = useRef<() => Promise<void>>(async () => {});
  const salesOpen = useSalesOpen(event.salesOpenAt);
  const waitingRoom = useWaitingRoom(open && step === 'waiting', (pass) => {
    queuePass.current = pass;
    if (resumePay.current) {
      resumePay.current = false;
      void handlePayRef.current();
    } else {
      setNotice({ tone: 'info', text: "It's your turn! Choose your tickets and pay now." });
      setStep('select');
    }
  });
  const waitingSoldOut = step === 'waiting' && waitingRoom.status?.status === 'sold-out';
  useEffect(() => {
    if (waitingSoldOut) onEventStale();
  }, [waitingSoldOut, onEventStale]);

  const allowance = usePurchaseAllowance(buyer?.email ?? null, { enabled: open }).data ?? null;

  const available = event.availableTickets;
  const soldOut = available !== null && available <= 0;
  const limitReached = allowance !== null && allowance.remaining <= 0;
  const max = Math.max(
    1,
    Math.min(
      DEFAULT_ORDER_QUANTITY_CAP,
      available ?? DEFAULT_ORDER_QUANTITY_CAP,
      allowance?.remaining ?? DEFAULT_ORDER_QUANTITY_CAP,
    ),
  );
  const quantity = parseQuantity(text, max);
  const priced = quantity === null ? null : quote(event, quantity);

  // Every opening starts at the selection, keeping what the guest chose before closing (quantity and the
  // terms tick: a second look at the price must not cost the choice). A completed purchase starts afresh
  // (confirmPayment). The checkout script starts loading now, not on the landing page.
  useEffect(() => {
    if (!open) {
      payAttempt.current += 1;
      return;
    }
    setStep('select');
    setNotice(null);
    loadCheckout().catch(() => undefined);
  }, [open]);

  // The event was refetched with fewer tickets than selected: keep the selection within what exists.
  useEffect(() => {
    const typed = Number.parseInt(text, 10);
    if (!Number.isNaN(typed) && typed > max) setText(String(max));
  }, [max, text]);

  // Signed in mid-purchase with more chosen than this person may still buy: back to choosing, told why (the
  // selection itself is brought within the allowance by the effect above).
  useEffect(() => {
    if (step !== 'confirm' || !allowance || allowance.remaining <= 0) return;
    if (Number.parseInt(text, 10) > allowance.remaining) {
      setNotice({ tone: 'error', text: personLimitMessage(allowance) });
      setStep('select');
    }
  }, [step, allowance, text]);

  // After sign-in the purchase resumes by itself, with the same quantity (guest-side §4).
  useEffect(() => {
    if (step === 'signin' && buyer) setStep('confirm');
  }, [step, buyer]);

  // A selection that became invalid (fewer tickets left) cannot be confirmed: back to choosing.
  useEffect(() => {
    if ((step === 'signin' || step === 'confirm') && !priced) setStep('select');
  }, [step, priced]);

  // Focus follows the step: the field on selection, the step's main button afterwards.
  useEffect(() => {
    if (!open) return;
    if (step === 'select') quantityRef.current?.focus();
    else primaryRef.current?.focus();
  }, [open, step]);

  // Toasts raised while the dialog is reopening wait until it is open, so they land in its own toaster.
  useEffect(() => {
    if (!pendingToast || step === 'paying') return;
    if (pendingToast.tone === 'error') toast.error(pendingToast.text, toastTarget());
    else toast(pendingToast.text, toastTarget());
    setPendingToast(null);
  }, [pendingToast, step]);

  useBlockUnload(step === 'verifying');

  function handleContinue() {
    if (!priced || !agreed) return;
    setNotice(null);
    setStep(buyer ? 'confirm' : 'signin');
  }

  async function handleSignIn() {
    setSigningIn(true);
    try {
      await onSignIn();
    } catch (error) {
      toast.error(signInMessage(error), toastTarget());
    } finally {
      setSigningIn(false);
    }
  }

  async function confirmPayment(response: CheckoutSuccess, count: number) {
    // Paid: whatever verification says, this order is not to be opened again.
    openOrder.current = null;
    setStep('verifying');
    try {
      const verified = await verifyPayment.mutateAsync({ ...response, quantity: count });
      // An earlier failed attempt's toasts are stale now: the guest sees the success alone.
      for (const id of FAILURE_TOAST_IDS) toast.dismiss(id);
      setStep('select');
      setText('1');
      setAgreed(false);
      onPurchased({
        count: verified.tickets.length || count,
        orderId: verified.orderId ?? response.razorpay_order_id,
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
        text: refused ? PURCHASE_MESSAGES.verificationFailed : PURCHASE_MESSAGES.verificationError,
      });
    }
  }

  async function handlePay() {
    if (!priced) return;
    setNotice(null);
    for (const id of FAILURE_TOAST_IDS) toast.dismiss(id);
    payAttempt.current += 1;
    const attempt = payAttempt.current;
    const stillWanted = () => payAttempt.current === attempt;
    const checkout = loadCheckout();
    checkout.catch(() => undefined);
    let order: Awaited<ReturnType<typeof createOrder.mutateAsync>>;
    try {
      const selection = { person: buyer?.email ?? '', quantity: priced.quantity, total: priced.total };
      order =
        reusableOrder(openOrder.current, selection, Date.now()) ??
        (await createOrder.mutateAsync({
          quantity: priced.quantity,
          amount: priced.total,
          eventId: event.id,
          eventName: event.name,
          pricePerTicket: priced.pricePerTicket,
          pricingTier: priced.pricingTier,
          queuePass: queuePass.current,
        }));
      openOrder.current = { ...selection, order };
    } catch (error) {
      if (!stillWanted()) return;
      if (error instanceof ApiError && error.code === 'QUEUE_REQUIRED') {
        // Many buyers at once: wait in line, then this payment continues by itself.
        queuePass.current = null;
        resumePay.current = true;
        setStep('waiting');
        return;
      }
      if (error instanceof ApiError && error.code === 'SALES_NOT_OPEN') {
        setNotice({ tone: 'error', text: error.message });
        onEventStale();
        setStep('select');
        return;
      }
      if (isStaleEventError(error)) {
        // The price moved, the tickets ran out or the person's cap is reached: say what the server said and
        // show the fresh numbers.
        toast.error(
          PURCHASE_MESSAGES.orderFailed,
          toastTarget({ id: FAILURE_TOAST_IDS[0], description: error.message }),
        );
        setNotice({ tone: 'error', text: error.message });
        void queryClient.invalidateQueries({ queryKey: PURCHASE_ALLOWANCE_QUERY_KEY });
        onEventStale();
        setStep('select');
      } else if (error instanceof OrderNotCreatedError) {
        toast.error(PURCHASE_MESSAGES.orderNotCreated, toastTarget({ id: FAILURE_TOAST_IDS[0] }));
      } else {
        // Say why when the reason is the connection (the spec's network message), not only that it failed.
        const reason =
          error instanceof ApiError && error.code === 'NETWORK_ERROR' ? error.message : undefined;
        toast.error(
          PURCHASE_MESSAGES.orderFailed,
          toastTarget({ id: FAILURE_TOAST_IDS[0], ...(reason ? { description: reason } : {}) }),
        );
        if (reason) setNotice({ tone: 'error', text: reason });
      }
      return;
    }

    let Razorpay: Awaited<typeof checkout>;
    try {
      Razorpay = await checkout;
    } catch {
      if (stillWanted())
        toast.error(PURCHASE_MESSAGES.checkoutUnavailable, toastTarget({ id: FAILURE_TOAST_IDS[0] }));
      return;
    }
    // The answer came after the guest closed the dialog or went back: the hold simply expires.
    if (!stillWanted()) return;

    const count = priced.quantity;
    const instance = new Razorpay({
      key: order.key,
      amount: order.amountPaise,
      currency: order.currency,
      order_id: order.orderId,
      name: event.name,
      description: `${ticketsLabel(count)} · ${priced.pricingTier}`,
      prefill: buyer ? { name: buyer.name, email: buyer.email } : {},
      notes: { eventId: event.id, quantity: String(count) },
      theme: { color: THEME_COLOR },
      handler: (response) => {
        void confirmPayment(response, count);
      },
      modal: {
        ondismiss: () => {
          setStep('confirm');
          setNotice({ tone: 'info', text: 'Payment cancelled. Nothing was charged; you can pay again.' });
          setPendingToast({ tone: 'info', text: PURCHASE_MESSAGES.cancelled });
        },
      },
    });
    instance.on('payment.failed', (response) => {
      // The provider's window stays open so the guest can try again or pick another method.
      const reason = response.error?.description ?? response.error?.reason ?? 'The payment was declined.';
      toast.error(paymentFailedMessage(reason), toastTarget({ id: FAILURE_TOAST_IDS[1] }));
    });
    // Our modal must be gone before the provider's window opens: a modal <dialog> makes the rest of the page
    // inert, the provider's window included.
    flushSync(() => setStep('paying'));
    instance.open();
  }

  handlePayRef.current = handlePay;

  function joinLine() {
    resumePay.current = false;
    setStep('waiting');
  }

  function handleClose() {
    if (step === 'verifying') return;
    payAttempt.current += 1;
    onClose();
  }

  let body: ReactNode;
  let footer: ReactNode;
  const choosing = step === 'select' || step === 'signin' || step === 'confirm';
  if (step === 'waiting') {
    body = <WaitingRoomStep status={waitingRoom.status} problem={waitingRoom.problem} />;
    footer = (
      <Button ref={primaryRef} variant={waitingSoldOut ? 'primary' : 'ghost'} onClick={handleClose}>
        Close
      </Button>
    );
  } else if (!salesOpen && event.salesOpenAt && choosing && !soldOut) {
    const lineOpen = Date.now() >= lineOpensAt(new Date(event.salesOpenAt)).getTime();
    body = <SalesNotOpenContent salesOpenAt={event.salesOpenAt} signedIn={buyer !== null} />;
    footer = (
      <>
        <Button variant="ghost" onClick={handleClose}>
          Close
        </Button>
        {lineOpen ? (
          buyer ? (
            <Button ref={primaryRef} onClick={joinLine}>
              Join the line
            </Button>
          ) : (
            <Button
              ref={primaryRef}
              onClick={handleSignIn}
              loading={signingIn}
              icon={<GoogleIcon size={18} />}
            >
              Sign in to join
            </Button>
          )
        ) : null}
      </>
    );
  } else if (soldOut && choosing) {
    body = <SoldOutContent />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        Close
      </Button>
    );
  } else if (limitReached && allowance && (step === 'select' || step === 'confirm')) {
    body = <LimitReachedContent allowance={allowance} />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        Close
      </Button>
    );
  } else if (step === 'select') {
    body = (
      <>
        <SelectStep
          event={event}
          max={max}
          text={text}
          onTextChange={setText}
          priced={priced}
          agreed={agreed}
          onAgreedChange={setAgreed}
          inputRef={quantityRef}
          allowanceNote={allowance ? <AllowanceNote allowance={allowance} /> : null}
        />
        <div className="mt-3">
          <NoticeLine notice={notice} />
        </div>
      </>
    );
    footer = (
      <Button
        ref={primaryRef}
        onClick={handleContinue}
        disabled={!priced || !agreed}
        icon={<Ticket aria-hidden="true" className="size-5" />}
      >
        Continue to Purchase
      </Button>
    );
  } else if (step === 'signin' && priced) {
    body = <SignInStep priced={priced} />;
    footer = (
      <>
        <Button
          variant="ghost"
          onClick={() => setStep('select')}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          Back
        </Button>
        <Button ref={primaryRef} onClick={handleSignIn} loading={signingIn} icon={<GoogleIcon size={18} />}>
          Sign In with Google
        </Button>
      </>
    );
  } else if (step === 'confirm' && priced) {
    body = <ConfirmStep event={event} priced={priced} buyer={buyer} notice={notice} />;
    footer = (
      <>
        <Button
          variant="ghost"
          onClick={() => setStep('select')}
          disabled={createOrder.isPending}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          Back
        </Button>
        <Button ref={primaryRef} onClick={handlePay} loading={createOrder.isPending}>
          Pay {formatRupees(priced.total)}
        </Button>
      </>
    );
  } else if (step === 'verifying') {
    body = <VerifyingStep />;
  } else if (step === 'unverified') {
    body = <UnverifiedStep orderId={unverifiedOrder} />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        Close
      </Button>
    );
  }

  return (
    <Dialog
      open={open && step !== 'paying'}
      onClose={handleClose}
      dismissible={step !== 'verifying'}
      title={dialogTitle(step, soldOut, limitReached)}
      description={step === 'select' ? event.name : undefined}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}
