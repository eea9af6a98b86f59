import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentEventResponse } from '@utsav/domain/api/event';
import type { Organiser } from '@utsav/domain/organiser';
import { isStaff } from '@utsav/domain/roles';
import { cheapestOffer } from '@utsav/domain/ticket-type-offer';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../features/auth/context/auth-context';
import { useCurrentEvent } from '../../features/event/api/get-event';
import { DEFAULT_EVENT } from '../../features/event/shown-event';
import { Hero, type HeroViewer } from '../../features/landing/components/hero';
import { LandingSections } from '../../features/landing/components/landing-sections';
import { useHeroBackdrop } from '../../features/landing/components/use-hero-backdrop';
import { resaleOffers } from '../../features/purchase/hooks/use-resale-choice';
import { errorMessage } from '../../lib/api-client';
import { takeBootTap } from '../../lib/boot/boot-tap';
import { previewEventQueryOptions, useOrganiser } from '../../lib/current-event';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSalesOpen } from '../../lib/use-sales-open';
import { EventChangeNotice } from '../../ui/event-change-notice';
import { BookingDialogOnDemand } from '../purchase/booking-dialog-on-demand';
import { usePurchaseFlow } from '../purchase/use-purchase-flow';
import { PREVIEW_PARAM, PreviewBanner } from '../setup/preview-banner';
import { FirstRunInvite, SetupReminder } from '../setup/setup-reminder';
import { prefetchAfterLogin } from '../shell/prefetch';
import { useNavigationActions } from '../shell/use-navigation-actions';

// The waitlist is fetched only when it may show: the event is sold out, or someone signed in may hold an offer.
const WaitlistSection = lazy(() =>
  import('../purchase/waitlist-section').then((module) => ({ default: module.WaitlistSection })),
);

const LOADING_TOAST_ID = 'book-while-loading';

function useViewer(): HeroViewer {
  const { status, role } = useAuth();
  if (status === 'loading') return { kind: 'unknown' };
  if (status === 'signed-out') return { kind: 'signed-out' };
  if (status === 'initializing' || !role) return { kind: 'resolving' };
  return { kind: 'signed-in', role };
}

/**
 * '/' — the hero first, the sections below it as they come near (docs/product.md#landing).
 *
 * The event's answer reaches React as a blocking update (the query cache is an external store), and it often
 * comes while the page is still starting. So only this wrapper reads it, and the page is rendered from a
 * deferred copy: the blocking update renders this wrapper alone, and React then renders the page with the
 * answer in slices a tap can come between (decision 1126).
 */
export function LandingPage() {
  const { data, isPending, error } = useCurrentEvent();
  const organiser = useOrganiser();
  return (
    <LandingView
      event={useDeferredValue(data)}
      isPending={useDeferredValue(isPending)}
      eventError={useDeferredValue(error)}
      organiser={useDeferredValue(organiser)}
    />
  );
}

const LandingView = memo(function LandingView({
  event,
  isPending,
  eventError,
  organiser,
}: {
  event: CurrentEventResponse['data'] | undefined;
  isPending: boolean;
  eventError: Error | null;
  organiser: Organiser | null;
}) {
  const { signIn, signingIn, status, role, user } = useAuth();
  const viewer = useViewer();
  const { toDashboard, toMyTickets, afterSignIn } = useNavigationActions();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [purchaseOpen, setPurchaseOpen] = useState(false);
  const [purchaseLoaded, setPurchaseLoaded] = useState(false);
  // A 'Book' tap made while the event is still loading: the dialog opens as soon as it arrives.
  const [bookWhenLoaded, setBookWhenLoaded] = useState(false);
  const purchase = usePurchaseFlow();
  // "Preview as guest": staff see their draft as guests will, with nothing on sale (guests still get null).
  const [params] = useSearchParams();
  const previewing = params.get(PREVIEW_PARAM) === 'guest' && isStaff(role);
  const preview = useQuery({ ...previewEventQueryOptions(), enabled: previewing });
  const previewed = previewing ? (preview.data ?? null) : null;
  const shown = previewed ?? event ?? DEFAULT_EVENT;
  const salesOpen = useSalesOpen(event?.salesOpenAt);
  const soldOut =
    event !== undefined && event !== null && event.availableTickets !== null && event.availableTickets <= 0;
  // Resold tickets on offer once the stock is gone are bought in the purchase dialog: the hero offers to book,
  // not "Sold out" (the server still gives them to the waitlist first).
  const resaleOnOffer = event !== undefined && event !== null && resaleOffers(event).length > 0;
  // Loaded, and nothing on sale: no event yet, or a draft (which only staff are shown, in the event manager).
  const notOnSale = (!isPending && !eventError && event === null) || previewed !== null;
  // Called off: nothing is sold again (the server refuses checkout and the waitlist); moved: said above all.
  const calledOff = event?.status === 'called-off';
  const changed = calledOff || event?.status === 'postponed';
  useDocumentTitle();
  useHeroBackdrop();

  // A session restored on the landing page warms the dashboard the same way a fresh login does.
  useEffect(() => {
    if (status === 'signed-in' && role) prefetchAfterLogin(queryClient, role);
  }, [status, role, queryClient]);

  useEffect(() => {
    if (!bookWhenLoaded || isPending) return;
    setBookWhenLoaded(false);
    toast.dismiss(LOADING_TOAST_ID);
    if (event) {
      setPurchaseLoaded(true);
      setPurchaseOpen(true);
    } else if (eventError) toast.error(errorMessage(eventError));
    else toast(t('landing.hero.noEvent'));
  }, [bookWhenLoaded, isPending, event, eventError, t]);

  function onBook() {
    // The purchase dialog needs the real event (docs/product.md#landing); without one there is nothing to book.
    if (calledOff) return;
    if (event) {
      setPurchaseLoaded(true);
      setPurchaseOpen(true);
    } else if (isPending) {
      setBookWhenLoaded(true);
      toast(t('landing.hero.loadingEvent'), { id: LOADING_TOAST_ID });
    } else toast(t('landing.hero.noEvent'));
  }

  // A tap on the pre-rendered first screen, made before this page replaced it, happens now (boot-tap.ts).
  const replayBootTap = useEffectEvent(() => {
    const tap = takeBootTap();
    if (tap === 'book') onBook();
    else if (tap === 'about') document.getElementById('about')?.scrollIntoView();
  });
  useEffect(() => replayBootTap(), []);

  function onSignIn() {
    // Failures are reported by the Authentication Error banner.
    signIn('page').then(afterSignIn, () => undefined);
  }

  return (
    <>
      <Hero
        event={shown}
        offer={cheapestOffer(event?.ticketTypes)}
        loading={isPending}
        soldOut={soldOut && !resaleOnOffer}
        notOnSale={notOnSale}
        calledOff={calledOff}
        banner={previewed ? <PreviewBanner /> : changed ? <EventChangeNotice event={event} /> : null}
        notice={
          !previewed && notOnSale ? (
            <>
              <FirstRunInvite />
              <SetupReminder />
            </>
          ) : null
        }
        tagline={organiser?.tagline}
        // A preview shows the buttons a first-time visitor gets, not the staff's own.
        viewer={previewed ? { kind: 'signed-out' } : viewer}
        signingIn={signingIn}
        onBook={onBook}
        onSignIn={onSignIn}
        onViewTickets={toMyTickets}
        onDashboard={() => toDashboard(role)}
        salesOpenAt={salesOpen ? null : (event?.salesOpenAt ?? null)}
        waitlist={
          event && !calledOff && (soldOut || user) ? (
            <Suspense fallback={null}>
              <WaitlistSection
                person={user?.email ?? null}
                soldOut={soldOut}
                ticketTypes={event.ticketTypes}
                checkoutQuestions={event.checkoutQuestions}
                eventName={event.name}
                onSignIn={onSignIn}
                onPurchased={purchase.onPurchased}
              />
            </Suspense>
          ) : null
        }
      />
      <LandingSections event={shown} />
      <BookingDialogOnDemand
        asked={purchaseLoaded}
        event={event}
        open={purchaseOpen}
        onClose={() => setPurchaseOpen(false)}
        purchase={purchase}
      />
    </>
  );
});
