import type { PricedEvent } from '@utsav/domain/pricing';
import { ChevronRight, CircleAlert, RefreshCw, Ticket, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { formatCount } from '../../../ui/format';
import { PricingTiers } from '../../../ui/pricing-tiers';
import { Spinner } from '../../../ui/spinner';

export interface GuestDashboardProps {
  name: string;
  /** A notice above everything, e.g. that the tickets shown are the copy saved on this phone. */
  notice?: ReactNode;
  eventCard: ReactNode;
  /** Prices of the current event; null while it loads. */
  pricing: PricedEvent | null;
  soldOut: boolean;
  /** Sales are over for good (the night is called off): said in place of the buy button. */
  salesClosed?: boolean;
  onBuy: () => void;
  /** The waitlist (join when sold out, one's place), composed by the page; shown under the buy button. */
  waitlist?: ReactNode;
  /** A waitlist offer's banner (tickets held for this guest, with a countdown), shown first on the page. */
  waitlistOffer?: ReactNode;
  /** Number of the guest's tickets; null while they load (or when they could not be loaded). */
  ticketCount: number | null;
  /** Why the tickets could not be loaded, with a way to try again; null when they did or are loading. */
  ticketsError?: { message: string; onRetry: () => void; retrying: boolean } | null;
  onShowTickets: () => void;
  /** Opens the Refund Tracker (the refunds feature, composed by the page); the tile is inert without it. */
  onShowRefunds?: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** The My Tickets section (id="tickets"), composed by the page. */
  tickets: ReactNode;
}

// The tile's text takes its own line when it cannot have 8rem beside the icon (large text on a phone).
const TILE =
  'card flex min-h-24 flex-wrap items-center gap-4 p-5 text-left [&>span:not([aria-hidden])]:basis-[8rem] [&>span:not([aria-hidden])]:grow transition-colors hover:border-gold-300/60 disabled:cursor-wait';

function TileIcon({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-gold-300"
    >
      {children}
    </span>
  );
}

function GetTicketsCard({
  pricing,
  soldOut,
  salesClosed,
  onBuy,
  waitlist,
}: {
  pricing: PricedEvent | null;
  soldOut: boolean;
  salesClosed: boolean;
  onBuy: () => void;
  waitlist?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="get-tickets-title" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="get-tickets-title" className="font-display text-2xl text-gold-200">
          {t('tickets.dashboard.getTickets')}
        </h2>
        {pricing && !soldOut && !salesClosed ? (
          <span className="rounded-full bg-gold-200 px-3 py-0.5 text-xs font-bold text-maroon-950">
            {t('tickets.dashboard.groupDiscounts')}
          </span>
        ) : null}
      </div>
      <div className="mt-4">
        {pricing ? (
          <PricingTiers event={pricing} />
        ) : (
          <div aria-hidden="true" className="grid grid-cols-2 gap-3">
            <span className="h-28 animate-shimmer rounded-xl bg-maroon-800" />
            <span className="h-28 animate-shimmer rounded-xl bg-maroon-800" />
          </div>
        )}
      </div>
      <div className="mt-5">
        {salesClosed || soldOut ? (
          <p
            role="status"
            className="inline-flex min-h-12 items-center rounded-full border border-rose-200/60 bg-rose-200/10 px-6 font-semibold text-rose-100"
          >
            {salesClosed ? t('landing.change.noSales') : t('tickets.dashboard.soldOut')}
          </p>
        ) : (
          <Button
            size="lg"
            onClick={onBuy}
            disabled={!pricing}
            icon={<Ticket aria-hidden="true" className="size-5" />}
            className="w-full sm:w-auto"
          >
            {t('tickets.dashboard.buyNow')}
          </Button>
        )}
      </div>
      {waitlist ? <div className="mt-4">{waitlist}</div> : null}
    </section>
  );
}

/** The My Tickets tile when the tickets could not be loaded: the reason and a Retry, never 'Loading…'. */
function TicketsErrorTile({ error }: { error: { message: string; onRetry: () => void; retrying: boolean } }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={`${TILE} h-full w-full flex-wrap hover:border-gold-400/20`}>
      <TileIcon>
        <CircleAlert className="size-5" />
      </TileIcon>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-cream">{t('tickets.list.title')}</span>
        <span className="block text-sm break-words text-rose-200">{error.message}</span>
      </span>
      <Button
        size="sm"
        variant="secondary"
        onClick={error.onRetry}
        loading={error.retrying}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
      >
        {t('tickets.list.retry')}
      </Button>
    </div>
  );
}

/**
 * The guest dashboard (docs/product.md#guest-dashboard): welcome, event card, 'Get Your Tickets', the three tiles, then My
 * Tickets. The page supplies the data and the pieces of other features (event card, tickets section).
 */
export default function GuestDashboard({
  name,
  notice = null,
  eventCard,
  pricing,
  soldOut,
  salesClosed = false,
  onBuy,
  waitlist,
  waitlistOffer,
  ticketCount,
  ticketsError = null,
  onShowTickets,
  onShowRefunds,
  onRefresh,
  refreshing,
  tickets,
}: GuestDashboardProps) {
  const { t } = useTranslation();
  const firstName = name.split(' ')[0] ?? '';
  return (
    <div className="mx-auto max-w-5xl px-4 pt-below-header pb-20 sm:px-5">
      {notice ? <div className="mb-5">{notice}</div> : null}
      <h1 className="font-display text-3xl text-gold-200 sm:text-4xl">
        {firstName ? t('tickets.dashboard.welcomeName', { name: firstName }) : t('tickets.dashboard.welcome')}
      </h1>
      <p className="mt-2 text-lg text-maroon-100">{t('tickets.dashboard.intro')}</p>
      {waitlistOffer ? <div className="mt-5">{waitlistOffer}</div> : null}

      <div className="mt-7 grid items-start gap-5 lg:grid-cols-[3fr_2fr] [&>*]:min-w-0">
        {eventCard}
        <GetTicketsCard
          pricing={pricing}
          soldOut={soldOut}
          salesClosed={salesClosed}
          onBuy={onBuy}
          waitlist={salesClosed ? null : waitlist}
        />
      </div>

      <ul className="mt-5 grid gap-3 sm:grid-cols-3 [&>li]:min-w-0">
        <li>
          {ticketCount === null && ticketsError ? (
            <TicketsErrorTile error={ticketsError} />
          ) : (
            <button type="button" onClick={onShowTickets} className={`${TILE} h-full w-full`}>
              <TileIcon>
                <Ticket className="size-5" />
              </TileIcon>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-cream">{t('tickets.list.title')}</span>
                <span className="block text-sm text-maroon-100" aria-live="polite">
                  {ticketCount === null
                    ? t('tickets.dashboard.loading')
                    : t('tickets.dashboard.ticketCount', {
                        count: ticketCount,
                        formatted: formatCount(ticketCount),
                      })}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-gold-300" />
            </button>
          )}
        </li>
        {onShowRefunds ? (
          <li>
            <button type="button" onClick={onShowRefunds} className={`${TILE} h-full w-full`}>
              <TileIcon>
                <Undo2 className="size-5" />
              </TileIcon>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-cream">{t('tickets.dashboard.refundTracker')}</span>
                <span className="block text-sm text-maroon-100">{t('tickets.dashboard.refundsHint')}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-gold-300" />
            </button>
          </li>
        ) : (
          <li className={`${TILE} hover:border-gold-400/20`}>
            <TileIcon>
              <Undo2 className="size-5" />
            </TileIcon>
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-2 font-semibold text-cream">
                {t('tickets.dashboard.refundTracker')}
                <span className="rounded-full border border-gold-400/50 px-2 py-0.5 text-xs font-semibold text-gold-200">
                  {t('tickets.dashboard.comingSoon')}
                </span>
              </span>
              <span className="block text-sm text-maroon-100">{t('tickets.dashboard.refundsLater')}</span>
            </span>
          </li>
        )}
        <li>
          <button
            type="button"
            onClick={onRefresh}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
            className={`${TILE} h-full w-full`}
          >
            <TileIcon>{refreshing ? <Spinner size="md" /> : <RefreshCw className="size-5" />}</TileIcon>
            <span className="min-w-0">
              <span className="block font-semibold text-cream">{t('tickets.dashboard.refresh')}</span>
              <span className="block text-sm text-maroon-100" aria-live="polite">
                {refreshing ? t('tickets.dashboard.refreshing') : t('tickets.dashboard.refreshHint')}
              </span>
            </span>
          </button>
        </li>
      </ul>

      <div className="mt-12">{tickets}</div>
    </div>
  );
}
