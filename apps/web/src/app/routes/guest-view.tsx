import { eventSchema } from '@utsav/domain/api/event';
import { ticketSchema } from '@utsav/domain/api/tickets';
import { lazySchema } from '@utsav/domain/lazy-schema';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAuth } from '../../features/auth/context/auth-context';
import { useCurrentEvent } from '../../features/event/api/get-event';
import { EventCard } from '../../features/event/components/event-card';
import { DEFAULT_EVENT } from '../../features/event/shown-event';
import GuestDashboard from '../../features/guest/components/guest-dashboard';
import { resaleOffers } from '../../features/purchase/hooks/use-resale-choice';
import { useMyRefunds } from '../../features/refunds/api/get-my-refunds';
import {
  CancelTicketButton,
  CancelTicketDialog,
} from '../../features/refunds/components/cancel-ticket-dialog';
import { RefundStatusBadge } from '../../features/refunds/components/refund-status-badge';
import type { CancellableTicket } from '../../features/refunds/types';
import { useMyResales } from '../../features/resale/api/my-resales';
import { ResaleTicketAction } from '../../features/resale/components/resale-ticket-action';
import { useMyTickets } from '../../features/tickets/api/get-my-tickets';
import { MyTickets } from '../../features/tickets/components/my-tickets';
import { TransferButton } from '../../features/transfer/components/transfer-button';
import { useMyWaitlist } from '../../features/waitlist/api/get-waitlist';
import { errorMessage } from '../../lib/api-client';
import { i18n } from '../../lib/i18n/i18n';
import { failureToToast } from '../../lib/offline/saved-view';
import { useSavedQuery } from '../../lib/offline/use-saved-query';
import { installApp } from '../../lib/pwa/install-app';
import { scrollToSection } from '../../lib/scroll';
import { Deferred } from '../../ui/deferred';
import { EventChangeNotice } from '../../ui/event-change-notice';
import { OfflineBanner } from '../../ui/offline-banner';
import { BookingDialogOnDemand } from '../purchase/booking-dialog-on-demand';
import { usePurchaseFlow } from '../purchase/use-purchase-flow';
import { WaitlistSection } from '../purchase/waitlist-section';

// The refund tracker, like the purchase dialog, is fetched and run when first opened, not with the page: the
// installed app's first screen evaluates and renders only what it shows (decision 1114).
const RefundTrackerDialog = lazy(() =>
  import('../../features/refunds/components/refund-tracker').then((module) => ({
    default: module.RefundTrackerDialog,
  })),
);

const savedTicketsSchema = z.array(ticketSchema);
const readSavedTickets = (saved: unknown) => savedTicketsSchema.safeParse(saved).data;
// Built when a saved copy is first read, not when the page's chunk runs (`.nullable()` builds the event's schema).
const savedEventSchema = lazySchema(() => eventSchema.nullable());
const readSavedEvent = (saved: unknown) => savedEventSchema.safeParse(saved).data;

/** 'Failed to load data: {reason}' with a Retry (docs/product.md#guest-dashboard), once per failure; gone once the data loads. */
function useLoadFailureToast(id: string, error: unknown, failedAt: number, retry: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure (failedAt), not per render.
  useEffect(() => {
    if (!error) {
      toast.dismiss(id);
      return;
    }
    toast.error(i18n.t('errors.loadData', { reason: errorMessage(error) }), {
      id,
      action: { label: i18n.t('errors.retry'), onClick: retry },
    });
  }, [failedAt, error === null]);
}

/**
 * The guest app is installable and opens offline once the dashboard has been seen; when the
 * connection returns, the tickets and the event are fetched afresh instead of waiting for their cache time.
 */
function useInstallableOffline(refetchTickets: () => void, refetchEvent: () => void, unconfirmed: boolean) {
  useEffect(() => installApp('guest'), []);
  const refetch = useRef<() => void>(() => undefined);
  refetch.current = () => {
    refetchTickets();
    refetchEvent();
  };
  useEffect(() => {
    const onOnline = () => refetch.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  // The server confirmed the session again (a connection that came back without an 'online' event).
  const wasUnconfirmed = useRef(unconfirmed);
  useEffect(() => {
    if (wasUnconfirmed.current && !unconfirmed) refetch.current();
    wasUnconfirmed.current = unconfirmed;
  }, [unconfirmed]);
}

/**
 * /dashboard/guest: the guest dashboard composed from the event, tickets and guest features. Loaded as its
 * own chunk, so other roles never download it.
 */
export default function GuestView() {
  const { user, identityUser, unconfirmed } = useAuth();
  const eventQuery = useCurrentEvent();
  const ticketsQuery = useMyTickets();
  // This phone's copy of the person's tickets and event, shown while the server cannot be reached.
  const uid = identityUser?.uid ?? null;
  const savedTickets = useSavedQuery(uid, 'tickets', ticketsQuery, readSavedTickets, unconfirmed);
  const savedEvent = useSavedQuery(uid, 'event', eventQuery, readSavedEvent, unconfirmed);
  const purchase = usePurchaseFlow();
  const [purchaseOpen, setPurchaseOpen] = useState(false);
  // Mounted from its first opening on, so it can close with its own transition and keep its state.
  const [purchaseAsked, setPurchaseAsked] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [cancelling, setCancelling] = useState<CancellableTicket | null>(null);
  const [refundsOpen, setRefundsOpen] = useState(false);
  const [refundsAsked, setRefundsAsked] = useState(false);
  const openPurchase = () => {
    setPurchaseAsked(true);
    setPurchaseOpen(true);
  };
  const resales = useMyResales({ enabled: user !== null }).data;
  // A resold ticket's refund status: asked only once a ticket of theirs was resold.
  const anyResold = resales?.listings.some((listing) => listing.refundId !== null) ?? false;
  const refunds = useMyRefunds({ enabled: anyResold }).data;
  const refundStatus = (refundId: string) => {
    const refund = refunds?.find((candidate) => candidate.id === refundId);
    return refund ? <RefundStatusBadge status={refund.status} /> : null;
  };

  const event = savedEvent.data ?? null;
  const soldOut = event !== null && event.availableTickets !== null && event.availableTickets <= 0;
  // Seats held for this person by a waitlist offer are theirs to buy: the buy button shows and leads to the offer,
  // like the offer's banner (BookingDialog). The same query as the banner's, so asked once.
  const offered = useMyWaitlist(user?.email ?? null, { enabled: user !== null }).data?.status === 'offered';
  // Called off: nothing is sold, joined, moved or given back any more (the call-off refunds every ticket itself).
  const calledOff = event?.status === 'called-off';
  const changed = calledOff || event?.status === 'postponed';
  // Resold tickets on offer once the stock is gone: bought in the purchase dialog, marked "Resale".
  const resaleOnOffer = event !== null && resaleOffers(event).length > 0;
  const canBuy = event !== null && !calledOff && (!soldOut || offered || resaleOnOffer);
  const tickets = savedTickets.data;
  const ticketsError = tickets === undefined ? ticketsQuery.error : null;

  const retryTickets = useCallback(() => void ticketsQuery.refetch(), [ticketsQuery]);
  const retryEvent = useCallback(() => void eventQuery.refetch(), [eventQuery]);
  // The saved copy under its honest banner says it already: no toast on top of it.
  useLoadFailureToast(
    'load-my-tickets',
    failureToToast(savedTickets, ticketsQuery.error),
    ticketsQuery.errorUpdatedAt,
    retryTickets,
  );
  useLoadFailureToast(
    'load-event',
    failureToToast(savedEvent, eventQuery.error),
    eventQuery.errorUpdatedAt,
    retryEvent,
  );
  useInstallableOffline(retryTickets, retryEvent, unconfirmed);

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([ticketsQuery.refetch(), eventQuery.refetch()]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <>
      <GuestDashboard
        name={user?.name ?? ''}
        notice={
          savedTickets.savedAt === null && !changed ? null : (
            <div className="grid gap-3">
              {savedTickets.savedAt === null ? null : <OfflineBanner savedAt={savedTickets.savedAt} />}
              {changed ? <EventChangeNotice event={event} /> : null}
            </div>
          )
        }
        eventCard={
          // Loading: skeletons. No event at all: the landing page's defaults (docs/product.md#landing).
          <EventCard
            event={savedEvent.data === null ? DEFAULT_EVENT : (savedEvent.data ?? null)}
            failed={eventQuery.isError && savedEvent.data === undefined}
          />
        }
        pricing={event}
        soldOut={!canBuy && soldOut}
        salesClosed={calledOff}
        onBuy={openPurchase}
        waitlist={
          event ? (
            <WaitlistSection
              part="line"
              person={user?.email ?? null}
              soldOut={soldOut}
              ticketTypes={event.ticketTypes}
              eventName={event.name}
              onSignIn={() => undefined}
              onPurchased={purchase.onPurchased}
            />
          ) : null
        }
        waitlistOffer={
          event ? (
            <WaitlistSection
              part="offer"
              person={user?.email ?? null}
              soldOut={soldOut}
              ticketTypes={event.ticketTypes}
              checkoutQuestions={event.checkoutQuestions}
              eventName={event.name}
              onSignIn={() => undefined}
              onPurchased={purchase.onPurchased}
            />
          ) : null
        }
        ticketCount={tickets ? tickets.length : null}
        ticketsError={
          ticketsError
            ? {
                message: errorMessage(ticketsError),
                onRetry: retryTickets,
                retrying: ticketsQuery.isFetching,
              }
            : null
        }
        onShowTickets={() => scrollToSection('tickets')}
        onShowRefunds={() => {
          setRefundsAsked(true);
          setRefundsOpen(true);
        }}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
        tickets={
          // Below the first screen: its render when the tickets arrive is a transition of its own (1116).
          <Deferred>
            <MyTickets
              tickets={tickets}
              loadError={ticketsError ? errorMessage(ticketsError) : null}
              onRetry={retryTickets}
              retrying={ticketsQuery.isFetching}
              canBuy={canBuy}
              soldOut={soldOut}
              onBuy={openPurchase}
              event={event}
              ticketNotice={
                changed
                  ? (ticket) =>
                      ticket.status === 'active' || (calledOff && ticket.status === 'cancelled') ? (
                        <EventChangeNotice event={event} compact />
                      ) : null
                  : null
              }
              renderTicketActions={(ticket) =>
                calledOff ? (
                  // A called-off night offers no resale; a ticket already resold still shows its refund.
                  <ResaleTicketAction
                    ticket={ticket}
                    resales={resales}
                    refundStatus={refundStatus}
                    soldOnly
                  />
                ) : (
                  <>
                    <TransferButton ticket={ticket} />
                    <CancelTicketButton ticket={ticket} onCancel={setCancelling} />
                    <ResaleTicketAction ticket={ticket} resales={resales} refundStatus={refundStatus} />
                  </>
                )
              }
            />
          </Deferred>
        }
      />
      {cancelling ? (
        <CancelTicketDialog
          key={cancelling.id}
          ticket={cancelling}
          eventDate={event?.date ?? null}
          standing={
            event
              ? { status: event.status ?? 'on-sale', freeRefundUntil: event.freeRefundUntil ?? null }
              : null
          }
          open
          onClose={() => setCancelling(null)}
        />
      ) : null}
      {refundsAsked ? (
        <Suspense fallback={null}>
          <RefundTrackerDialog open={refundsOpen} onClose={() => setRefundsOpen(false)} />
        </Suspense>
      ) : null}
      <BookingDialogOnDemand
        asked={purchaseAsked}
        event={event}
        open={purchaseOpen}
        onClose={() => setPurchaseOpen(false)}
        purchase={purchase}
      />
    </>
  );
}
