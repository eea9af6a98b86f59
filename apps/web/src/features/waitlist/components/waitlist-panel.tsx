import type { VerifiedPayment } from '@utsav/domain/api/purchase';
import type { WaitlistPlace } from '@utsav/domain/api/waitlist';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import { Hourglass, LogIn } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import type { CheckoutSuccess } from '../../../lib/razorpay';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useMyWaitlist } from '../api/get-waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { type OfferQuestions, WaitlistOffer, type WaitlistPurchase } from './waitlist-offer';

export interface WaitlistPanelProps {
  /** The signed-in person's email (keys their queries); null when signed out. */
  person: string | null;
  /** The event, or at least one type, is sold out: the line may be joined. */
  soldOut: boolean;
  /**
   * The types the line may be joined for (@utsav/domain/waitlist waitableTypes), in the reader's language. Several:
   * the form asks which. One while the event still has room: the form names it. None: the default type.
   */
  types?: readonly { id: string; name: string }[];
  /** The event's people are sold out (not only a type). */
  eventSoldOut?: boolean;
  eventName: string;
  onSignIn: () => void;
  /**
   * How many more tickets the person may buy (the purchase's allowance, which the page asks for while the
   * join form may show: sold out and signed in); null while unknown. The join form offers no more than that.
   */
  allowanceRemaining: number | null;
  /** The purchase's verification of a paid checkout: an offer is paid like any order. */
  verifyPayment: (payment: CheckoutSuccess) => Promise<VerifiedPayment>;
  onPurchased: (result: WaitlistPurchase) => void;
  /** 'offer': only an offer's banner; 'line': everything but it (a page showing the banner elsewhere). */
  part?: 'all' | 'offer' | 'line';
  /** The offer shown inside the purchase dialog (see WaitlistOffer). */
  inDialog?: boolean;
  onPayingChange?: (paying: boolean) => void;
  /** The organiser's questions for the offer's tickets (see WaitlistOffer). */
  offerQuestions?: OfferQuestions | undefined;
}

const NOTE = 'rounded-xl border border-gold-400/30 bg-maroon-950/60 p-4 text-left text-maroon-50';

/**
 * The waitlist where the event shows "Event Sold Out": join with a quantity, one's place in
 * line, and an offer's banner with its countdown and buy path. Shown whenever the person holds an offer, sold
 * out or not; nothing when there are tickets and no place.
 */
export function WaitlistPanel(props: WaitlistPanelProps) {
  const { t } = useTranslation();
  const place = useMyWaitlist(props.person, { enabled: props.person !== null });
  const part = props.part ?? 'all';
  if (part === 'offer') {
    const offer = place.data;
    if (offer?.status !== 'offered' || !offer.offerExpiresAt) return null;
    return (
      <WaitlistOffer
        place={{ ...offer, offerExpiresAt: offer.offerExpiresAt }}
        eventName={props.eventName}
        verifyPayment={props.verifyPayment}
        onPurchased={props.onPurchased}
        inDialog={props.inDialog ?? false}
        questions={props.offerQuestions}
        {...(props.onPayingChange ? { onPayingChange: props.onPayingChange } : {})}
      />
    );
  }
  if (props.person === null) {
    if (!props.soldOut) return null;
    return (
      <div className={NOTE}>
        <p>{t('waitlist.signedOut.text')}</p>
        <Button
          variant="secondary"
          className="mt-3 w-full sm:w-auto"
          onClick={props.onSignIn}
          icon={<LogIn aria-hidden="true" className="size-4" />}
        >
          {t('waitlist.signedOut.signIn')}
        </Button>
      </div>
    );
  }
  if (place.isPending) {
    return (
      <div role="status" className={NOTE}>
        <span className="sr-only">{t('waitlist.loading')}</span>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="mt-2 h-4 w-1/2" />
      </div>
    );
  }
  if (place.isError) {
    if (!props.soldOut) return null;
    return (
      <div role="alert" className={NOTE}>
        <p>{t('waitlist.loadError')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void place.refetch()}>
          {t('waitlist.retry')}
        </Button>
      </div>
    );
  }
  const me = place.data;
  if (me.status === 'offered' && me.offerExpiresAt) {
    if (part === 'line') return null;
    return (
      <WaitlistOffer
        place={{ ...me, offerExpiresAt: me.offerExpiresAt }}
        eventName={props.eventName}
        verifyPayment={props.verifyPayment}
        onPurchased={props.onPurchased}
        questions={props.offerQuestions}
      />
    );
  }
  if (me.status === 'waiting') return <WaitingNote place={me} />;
  if (!props.soldOut) return null;
  if (me.closed) return <p className={NOTE}>{t('waitlist.closed')}</p>;
  return (
    <div className="grid gap-3">
      {me.status === 'expired' ? <p className={NOTE}>{t('waitlist.expired')}</p> : null}
      {me.status === 'bought' ? <p className={NOTE}>{t('waitlist.bought')}</p> : null}
      <JoinForm
        allowanceRemaining={props.allowanceRemaining}
        types={props.types ?? []}
        eventSoldOut={props.eventSoldOut ?? props.soldOut}
      />
    </div>
  );
}

function WaitingNote({ place }: { place: WaitlistPlace }) {
  const { t } = useTranslation();
  const leave = useLeaveWaitlist();
  return (
    <div className={NOTE}>
      <p className="flex items-start gap-2 font-semibold text-cream">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
        <span role="status">
          {t('waitlist.waiting.position', { count: place.quantity, position: place.position ?? 1 })}
        </span>
      </p>
      <p className="mt-2 text-sm">{t('waitlist.waiting.note')}</p>
      {leave.isError ? (
        <p role="alert" className="mt-3 rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
          {errorMessage(leave.error)}
        </p>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="mt-3"
        loading={leave.isPending}
        onClick={() => leave.mutate()}
      >
        {t('waitlist.waiting.leave')}
      </Button>
    </div>
  );
}

function JoinForm({
  allowanceRemaining,
  types,
  eventSoldOut,
}: {
  allowanceRemaining: number | null;
  types: readonly { id: string; name: string }[];
  eventSoldOut: boolean;
}) {
  const { t } = useTranslation();
  const quantityId = useId();
  const typeId = useId();
  const [quantity, setQuantity] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const max = Math.max(
    0,
    Math.min(DEFAULT_ORDER_QUANTITY_CAP, allowanceRemaining ?? DEFAULT_ORDER_QUANTITY_CAP),
  );
  // The type waited for: the one chosen, else the first the line may be joined for (none: the default type).
  const ticketTypeId = types.find((type) => type.id === chosen)?.id ?? types[0]?.id;
  const onlyType = !eventSoldOut && types.length === 1 ? types[0] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    join.mutate({ quantity, cap: DEFAULT_ORDER_QUANTITY_CAP, ticketTypeId });
  }

  if (max === 0) return <p className={NOTE}>{t('waitlist.join.limitReached')}</p>;
  const select = 'min-h-11 rounded-xl border border-gold-400/60 bg-maroon-950 px-3 text-base text-cream';
  return (
    <form onSubmit={submit} className={NOTE} aria-labelledby={`${quantityId}-title`}>
      <h2 id={`${quantityId}-title`} className="font-display text-xl text-gold-200">
        {t('waitlist.join.title')}
      </h2>
      <p className="mt-1 text-sm">
        {onlyType
          ? t('waitlist.join.typeIntro', { name: onlyType.name })
          : !eventSoldOut && types.length > 1
            ? t('waitlist.join.typesIntro')
            : t('waitlist.join.intro')}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {types.length > 1 ? (
          <label htmlFor={typeId} className="grid min-w-0 max-w-full gap-1 text-sm font-semibold text-cream">
            {t('waitlist.join.type')}
            <select
              id={typeId}
              value={ticketTypeId}
              onChange={(change) => setChosen(change.target.value)}
              className={`${select} max-w-full`}
            >
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label htmlFor={quantityId} className="grid gap-1 text-sm font-semibold text-cream">
          {t('waitlist.join.quantity')}
          <select
            id={quantityId}
            value={quantity}
            onChange={(change) => setQuantity(Number(change.target.value))}
            className={`${select} min-w-20`}
          >
            {Array.from({ length: max }, (_, index) => index + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" loading={join.isPending} className="grow sm:grow-0">
          {t('waitlist.join.submit')}
        </Button>
      </div>
      {join.isError ? (
        <p role="alert" className="mt-3 rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
          {errorMessage(join.error)}
        </p>
      ) : null}
    </form>
  );
}
