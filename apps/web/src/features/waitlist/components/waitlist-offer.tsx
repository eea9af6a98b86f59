import { useQueryClient } from '@tanstack/react-query';
import type { VerifiedPayment } from '@utsav/domain/api/purchase';
import type { WaitlistPlace } from '@utsav/domain/api/waitlist';
import type { CheckoutAnswer } from '@utsav/domain/checkout-answers';
import { formatRupees } from '@utsav/domain/pricing';
import { offerCountdown } from '@utsav/domain/waitlist';
import { Clock, Ticket } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type CheckoutSuccess, loadCheckout } from '../../../lib/razorpay';
import { Button } from '../../../ui/button';
import { useCheckoutWaitlistOffer } from '../api/checkout-waitlist-offer';
import { WAITLIST_QUERY_KEY } from '../api/get-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

const THEME_COLOR = '#f58a07';

/**
 * The organiser's checkout questions for the offer's tickets, as the page composes them from the purchase (features
 * never import each other): asked in the banner before paying, and sent with the offer's checkout.
 */
export interface OfferQuestions {
  /** The questions' form, shown above "Buy now". */
  form: ReactNode;
  /** True when the answers may be sent; else the form shows why and takes the focus. */
  check: () => boolean;
  payload: readonly CheckoutAnswer[];
  /** The server's refusal of the answers shown under their fields; true when it was that. */
  showRefusal: (error: unknown) => boolean;
}

// The offer is gone (run out, or its resold ticket withdrawn by the seller): the banner is asked for again at once.
const OFFER_GONE = new Set(['NO_WAITLIST_OFFER', 'RESALE_OFFER_WITHDRAWN']);

export interface WaitlistPurchase {
  count: number;
  orderId: string | null;
}

/** The time left of an offer, ticking each second; the offer is asked for again once it runs out. */
function useTimeLeft(expiresAt: string): string {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const ended = Date.parse(expiresAt) <= now.getTime();
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
  }, [ended, queryClient]);
  return offerCountdown(expiresAt, now);
}

/**
 * The in-app banner of an offer: seats held for this person, a countdown, and the buy path (Razorpay's checkout
 * for the offer's own order, then the purchase's usual verification, which the page passes in as
 * verifyPayment). Turning it down passes the seats on at once.
 */
export function WaitlistOffer({
  place,
  eventName,
  verifyPayment,
  onPurchased,
  inDialog = false,
  onPayingChange,
  questions,
}: {
  place: WaitlistPlace & { offerExpiresAt: string };
  eventName: string;
  verifyPayment: (payment: CheckoutSuccess) => Promise<VerifiedPayment>;
  onPurchased: (result: WaitlistPurchase) => void;
  /** Shown inside the purchase dialog, which gives the title: no heading or banner frame of its own. */
  inDialog?: boolean;
  /** Told when the payment window opens and closes (a dialog around this hides meanwhile, as the purchase's does). */
  onPayingChange?: (paying: boolean) => void;
  /** The organiser's questions, when the offer's tickets are asked any. */
  questions?: OfferQuestions | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timeLeft = useTimeLeft(place.offerExpiresAt);
  const minutesLeft = Math.ceil(Math.max(0, Date.parse(place.offerExpiresAt) - Date.now()) / 60_000);
  const checkout = useCheckoutWaitlistOffer();
  const leave = useLeaveWaitlist();
  const [paying, setPayingState] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const setPaying = (next: boolean) => {
    setPayingState(next);
    onPayingChange?.(next);
  };

  async function buy() {
    setProblem(null);
    if (questions && !questions.check()) return;
    const script = loadCheckout();
    script.catch(() => undefined);
    let order: Awaited<ReturnType<typeof checkout.mutateAsync>>;
    try {
      order = await checkout.mutateAsync(questions?.payload);
    } catch (error) {
      if (questions?.showRefusal(error)) return;
      if (error instanceof ApiError && OFFER_GONE.has(error.code ?? '')) {
        // The banner goes with the offer, so the reason is told where it stays in view.
        toast.error(errorMessage(error));
        void queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
        return;
      }
      setProblem(errorMessage(error));
      return;
    }
    let Razorpay: Awaited<typeof script>;
    try {
      Razorpay = await script;
    } catch {
      setProblem(t('waitlist.offer.openFailed'));
      return;
    }
    setPaying(true);
    const instance = new Razorpay({
      key: order.key,
      amount: order.amountPaise,
      currency: order.currency,
      order_id: order.orderId,
      name: eventName,
      description: t('waitlist.offer.paymentDescription'),
      theme: { color: THEME_COLOR },
      handler: (response) => {
        verifyPayment(response).then(
          (verified) => {
            setPaying(false);
            onPurchased({ count: verified.tickets.length, orderId: verified.orderId });
          },
          (error: unknown) => {
            setPaying(false);
            setProblem(errorMessage(error));
          },
        );
      },
      modal: {
        ondismiss: () => {
          setPaying(false);
          setProblem(t('waitlist.offer.cancelled'));
        },
      },
    });
    instance.on('payment.failed', (response) => {
      toast.error(t('waitlist.offer.failed', { reason: response.error?.description ?? '' }));
    });
    instance.open();
  }

  return (
    <section
      aria-labelledby={inDialog ? undefined : 'waitlist-offer-title'}
      aria-label={inDialog ? t('waitlist.offer.title') : undefined}
      className={
        inDialog
          ? 'text-left'
          : 'rounded-2xl border-2 border-gold-300 bg-maroon-900/90 p-5 text-left shadow-lg'
      }
    >
      {inDialog ? null : (
        <h2 id="waitlist-offer-title" className="font-display text-2xl text-gold-200">
          {t('waitlist.offer.title')}
        </h2>
      )}
      <p className="mt-2 text-maroon-50">
        {t('waitlist.offer.text', { count: place.quantity, amount: formatRupees(place.amount ?? 0) })}
      </p>
      <p className="mt-3 flex items-center gap-2 text-cream">
        <Clock aria-hidden="true" className="size-5 text-gold-300" />
        <span>{t('waitlist.offer.timeLeft')}</span>
        {/* The ticking digits are hidden from screen readers (a change each second); the minutes are read. */}
        <span aria-hidden="true" className="font-mono text-2xl font-bold tabular-nums text-gold-200">
          {timeLeft}
        </span>
        <span className="sr-only">{t('waitlist.offer.timerLabel', { count: minutesLeft })}</span>
      </p>
      {questions ? <div className="mt-4">{questions.form}</div> : null}
      {problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
          {problem}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          size="lg"
          onClick={() => void buy()}
          loading={checkout.isPending || paying}
          icon={<Ticket aria-hidden="true" className="size-5" />}
          className="w-full sm:w-auto"
        >
          {t('waitlist.offer.buy')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => leave.mutate(undefined, { onError: (error) => setProblem(errorMessage(error)) })}
          loading={leave.isPending}
          disabled={paying}
          className="w-full sm:w-auto"
        >
          {t('waitlist.offer.decline')}
        </Button>
      </div>
    </section>
  );
}
