import { CircleCheck, Home, Ticket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { formatCount } from '../../../ui/format';

/** /payment-success (docs/product.md#payment-success): the verified purchase, then on to the tickets or home. */
export function PaymentSuccess({
  count,
  onViewTickets,
  onHome,
}: {
  /** Tickets issued by the purchase; null when the page was opened without one (a bookmark). */
  count: number | null;
  onViewTickets: () => void;
  onHome: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="mx-auto flex min-h-[80dvh] max-w-xl flex-col items-center justify-center px-5 pt-below-header pb-28 text-center">
      <div className="flex size-20 items-center justify-center rounded-full bg-emerald-300/15 ring-2 ring-emerald-300/60">
        <CircleCheck aria-hidden="true" className="size-12 text-emerald-300" />
      </div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 font-display text-4xl text-cream outline-none sm:text-5xl"
      >
        {t('tickets.success.title')}
      </h1>
      {count !== null ? (
        <p className="mt-4 text-2xl font-semibold text-gold-200" role="status">
          {t('tickets.success.booked', { count, formatted: formatCount(count) })}
        </p>
      ) : null}
      <p className="mt-4 text-lg text-maroon-100">
        {count === null
          ? t('tickets.success.waitingUnknown')
          : t('tickets.success.waiting', { count, formatted: formatCount(count) })}
      </p>
      <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={onViewTickets} icon={<Ticket aria-hidden="true" className="size-5" />}>
          {t('tickets.success.viewTickets')}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          onClick={onHome}
          icon={<Home aria-hidden="true" className="size-5" />}
        >
          {t('tickets.success.home')}
        </Button>
      </div>
    </section>
  );
}
