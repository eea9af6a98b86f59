import { formatRupees, type Quote } from '@utsav/domain/pricing';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { ArrowLeft, CalendarDays, Lock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n/language';
import { Button } from '../../../ui/button';
import type { PlannedOrder } from '../checkout/order-plan';
import { ticketsLabel, tierName } from '../checkout/purchase-messages';
import type { Buyer, Notice, PurchaseEvent } from '../checkout/purchase-types';
import { NoticeLine } from './purchase-notice';
import { TicketNames } from './purchase-ticket-names';

// The steps between choosing and paying: sign in (the selection is kept) and the order summary.

function EventSummary({ event }: { event: PurchaseEvent }) {
  // Read from i18next so a language switch re-renders the date in the new language.
  useTranslation();
  return (
    <ul className="grid gap-1.5 text-sm text-maroon-50">
      <li className="flex items-start gap-2">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
        <span>
          {event.date ? `${formatEventDate(event.date, currentLocale())} · ` : ''}
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

/** Back to choosing, from signing in or from the order summary. */
export function BackButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      onClick={onClick}
      disabled={disabled}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
    >
      {t('purchase.button.back')}
    </Button>
  );
}

export function SignInStep({ order }: { order: PlannedOrder }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 text-maroon-50">
      <p className="flex gap-3">
        <Lock aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
        <span>{t('purchase.signin.why')}</span>
      </p>
      <p className="rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm">
        <Trans
          i18nKey="purchase.signin.kept"
          values={{ tickets: ticketsLabel(order.quantity, t), total: formatRupees(order.total) }}
          components={{ strong: <strong className="text-cream" /> }}
        />
      </p>
    </div>
  );
}

/** The product's one-price order: tickets, price per ticket (and tier), the group saving and the total. */
function QuoteSummary({ priced }: { priced: Quote }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-2 rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-maroon-100">{t('purchase.confirm.tickets')}</dt>
        <dd className="font-semibold text-cream">{priced.quantity}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-maroon-100">{t('purchase.confirm.pricePerTicket')}</dt>
        <dd className="font-semibold text-cream">
          {formatRupees(priced.pricePerTicket)}{' '}
          <span className="text-maroon-200">({tierName(priced.pricingTier, t)})</span>
        </dd>
      </div>
      {priced.saving > 0 ? (
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">{t('purchase.confirm.groupSaving')}</dt>
          <dd className="font-semibold text-emerald-300">−{formatRupees(priced.saving)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 border-t border-gold-400/20 pt-2">
        <dt className="font-semibold text-cream">{t('purchase.confirm.total')}</dt>
        <dd className="text-xl font-bold text-gold-200">{formatRupees(priced.total)}</dd>
      </div>
    </dl>
  );
}

export function ConfirmStep({
  event,
  order,
  summary,
  buyer,
  notice,
  names,
  onNamesChange,
  questions = null,
  business = null,
  fee = null,
}: {
  event: PurchaseEvent;
  order: PlannedOrder;
  /** An order of types (or with a code): its lines, in place of the one-price summary. */
  summary: ReactNode;
  buyer: Buyer | null;
  notice: Notice | null;
  names: readonly string[];
  onNamesChange: (names: string[]) => void;
  /** The organiser's questions (checkout-questions.tsx), asked before paying. */
  questions?: ReactNode;
  /** A business's GST details for its invoice (purchase-business-details.tsx), when the organiser is registered. */
  business?: ReactNode;
  /** The convenience fee on top of the tickets and what the payment will be (purchase-fee.tsx). */
  fee?: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <div>
        <p className="font-semibold text-cream">{event.name}</p>
        <div className="mt-1">
          <EventSummary event={event} />
        </div>
      </div>
      {order.quote && !summary ? <QuoteSummary priced={order.quote} /> : summary}
      {fee}
      {buyer ? (
        <TicketNames
          quantity={order.quantity}
          names={names}
          onNamesChange={onNamesChange}
          buyerName={buyer.name}
        />
      ) : null}
      {questions}
      {business}
      {buyer ? (
        // A long email address breaks rather than widening the dialog (390 px at 200% text).
        <p className="text-sm text-maroon-100 [overflow-wrap:anywhere]">
          <Trans
            i18nKey="purchase.confirm.buyer"
            values={{ name: buyer.name, email: buyer.email }}
            components={{ strong: <strong className="text-cream" /> }}
          />
        </p>
      ) : null}
      <NoticeLine notice={notice} />
    </div>
  );
}
