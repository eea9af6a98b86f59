import { formatRupees } from '@utsav/domain/pricing';
import type { Role } from '@utsav/domain/roles';
import type { CheapestOffer } from '@utsav/domain/ticket-type-offer';
import { formatEventDate } from '@utsav/domain/time';
import { CalendarDays, ChevronDown, Clock, MapPin, Sparkles, Ticket } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n/language';
import { Button } from '../../../ui/button';
import { GoogleIcon } from '../../../ui/google-icon';
import { SalesCountdown } from '../../../ui/sales-countdown';
import { useTimeRange } from '../../../ui/time-range';

export interface HeroEvent {
  name: string;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
}

/** Who is looking: decides the buttons (docs/product.md#landing, "Hero buttons"). */
export type HeroViewer =
  | { kind: 'unknown' }
  | { kind: 'signed-out' }
  | { kind: 'resolving' }
  | { kind: 'signed-in'; role: Role };

export interface HeroProps {
  event: HeroEvent;
  /** The cheapest ticket type on sale now and its phase ("from ₹249 · Early bird"); null: the event's price. */
  offer?: CheapestOffer | null;
  loading: boolean;
  /** No tickets left: 'Event Sold Out' takes the place of the booking button. */
  soldOut?: boolean;
  /** No event on sale (none yet, or a draft): 'Tickets are not on sale yet' takes the booking button's place. */
  notOnSale?: boolean;
  /** The night is called off: 'Tickets are no longer on sale' takes the booking button's place, for good. */
  calledOff?: boolean;
  /** The first run's invitation or a draft's reminder, composed by the page; shown below the buttons. */
  notice?: ReactNode;
  /** Above everything else in the hero, so it is the first thing seen on a phone ("Preview as guest"). */
  banner?: ReactNode;
  /**
   * The organiser's tagline, shown as they wrote it in every language; our own words until they set one. The
   * pre-rendered first screen has none, like the event's name: both arrive with GET /event.
   */
  tagline?: string | null;
  viewer: HeroViewer;
  signingIn: boolean;
  onBook: () => void;
  onSignIn: () => void;
  onViewTickets: () => void;
  onDashboard: () => void;
  /** ISO instant ticket sales open, while still ahead: shown with a countdown above the buttons. */
  salesOpenAt?: string | null;
  /** The waitlist (join when sold out, an offer's banner), composed by the page; shown below the buttons. */
  waitlist?: ReactNode;
  /**
   * The build-time render of index.html's first screen (static-landing.tsx): its controls carry
   * data-boot-tap, so the boot script records a tap made before React replaces it (lib/boot/boot-tap.ts).
   */
  preRendered?: boolean;
}

function Detail({ icon, children, loading }: { icon: ReactNode; children: ReactNode; loading: boolean }) {
  return (
    <li className="flex max-w-full items-center gap-2.5">
      <span className="shrink-0 text-gold-300" aria-hidden="true">
        {icon}
      </span>
      {loading ? (
        // One line of text tall, so the loaded text takes the skeleton's place without moving anything.
        <span className="h-[1lh] w-44 min-w-0 animate-shimmer rounded bg-maroon-700" />
      ) : (
        <span className="min-w-0 break-words">{children}</span>
      )}
    </li>
  );
}

/** "₹299 per person", or with ticket types "from ₹249 per person" and the phase selling now. */
function HeroPrice({ event, offer }: { event: HeroEvent; offer: CheapestOffer | null | undefined }) {
  const { t } = useTranslation();
  const price = formatRupees(offer?.price ?? event.ticketPrice);
  return (
    <>
      {offer?.from ? t('landing.hero.fromPrice', { price }) : price}{' '}
      <span className="text-base font-medium text-maroon-100">{t('landing.hero.perPerson')}</span>
      {offer?.phaseLabel ? (
        <span className="ml-2 inline-block rounded-full border border-gold-200/70 px-2.5 py-0.5 align-middle text-sm font-semibold text-gold-200">
          {offer.phaseLabel}
        </span>
      ) : null}
    </>
  );
}

function HeroButtons(props: HeroProps) {
  const { viewer, signingIn, soldOut, notOnSale, onBook, onSignIn, onViewTickets, onDashboard, preRendered } =
    props;
  const { t } = useTranslation();
  const book = props.calledOff ? (
    <p
      role="status"
      className="inline-flex min-h-12 items-center justify-center rounded-full border border-rose-200/60 bg-rose-950/40 px-7 text-lg font-semibold text-rose-100 sm:min-h-13"
    >
      {t('landing.change.noSales')}
    </p>
  ) : notOnSale ? (
    <p
      role="status"
      className="inline-flex min-h-12 items-center justify-center rounded-full border border-gold-300/60 bg-maroon-950/60 px-7 text-lg font-semibold text-gold-100 sm:min-h-13"
    >
      {t('landing.hero.notOnSale')}
    </p>
  ) : soldOut ? (
    <p
      role="status"
      className="inline-flex min-h-12 items-center justify-center rounded-full border border-rose-200/60 bg-rose-950/40 px-7 text-lg font-semibold text-rose-100 sm:min-h-13"
    >
      {t('landing.hero.soldOut')}
    </p>
  ) : (
    <Button
      size="lg"
      onClick={onBook}
      icon={<Ticket aria-hidden="true" className="size-5" />}
      data-boot-tap={preRendered ? 'book' : undefined}
    >
      {t('landing.hero.book')}
    </Button>
  );
  switch (viewer.kind) {
    case 'unknown':
      return book;
    case 'signed-out':
      return (
        <>
          {book}
          <Button
            size="lg"
            variant="secondary"
            onClick={onSignIn}
            loading={signingIn}
            icon={<GoogleIcon size={20} />}
          >
            {t('auth.signInWithGoogle')}
          </Button>
        </>
      );
    case 'resolving':
      return (
        <Button size="lg" variant="secondary" loading>
          {t('landing.hero.loadingDashboard')}
        </Button>
      );
    case 'signed-in':
      if (viewer.role === 'guest') {
        return (
          <>
            {book}
            <Button size="lg" variant="secondary" onClick={onViewTickets}>
              {t('landing.hero.viewMyTickets')}
            </Button>
          </>
        );
      }
      return (
        <Button size="lg" onClick={onDashboard}>
          {t('landing.hero.myDashboard')}
        </Button>
      );
  }
}

export function Hero(props: HeroProps) {
  const { event, loading } = props;
  const { t } = useTranslation();
  const timeRange = useTimeRange();
  // Unique also across the pre-rendered first screens of index.html, one per language (static-landing.tsx).
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="relative isolate flex min-h-[100svh] items-center overflow-hidden pt-below-header pb-16"
    >
      {/* The mandala, the lanterns and their glow are index.html's #hero-backdrop, painted before React. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-maroon-950 to-transparent"
      />

      <div className="mx-auto w-full max-w-4xl px-5 text-center">
        {props.banner ? <div className="mx-auto mb-6 max-w-2xl">{props.banner}</div> : null}
        <p className="mx-auto mb-5 inline-flex items-center gap-2 rounded-full border border-gold-400/40 bg-maroon-950/60 px-4 py-1.5 text-sm font-semibold text-gold-200">
          <Sparkles aria-hidden="true" className="size-4 text-saffron-300" />
          {t('landing.hero.badge')}
        </p>
        <h1
          id={titleId}
          className="font-display text-[2.6rem] leading-[1.05] font-bold text-cream drop-shadow-[0_4px_24px_rgb(0_0_0/0.55)] sm:text-6xl md:text-7xl"
        >
          {event.name}
        </h1>
        <p className="mt-4 font-display text-xl text-saffron-300 italic sm:text-2xl">
          {props.tagline || t('landing.hero.subtitle')}
        </p>

        <ul className="mx-auto mt-8 flex max-w-2xl flex-col items-center gap-3 text-base text-maroon-50 sm:text-lg md:flex-row md:flex-wrap md:justify-center md:gap-x-7">
          <Detail loading={loading} icon={<CalendarDays className="size-5" />}>
            {loading
              ? null
              : event.date
                ? formatEventDate(event.date, currentLocale())
                : t('landing.hero.dateToBeAnnounced')}
          </Detail>
          <Detail loading={loading} icon={<Clock className="size-5" />}>
            {loading ? null : timeRange(event.startTime, event.endTime)}
          </Detail>
          <Detail loading={loading} icon={<MapPin className="size-5" />}>
            {event.venue}
          </Detail>
        </ul>

        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <p className="text-2xl font-bold text-gold-200">
            {loading ? (
              <>
                <span className="inline-block h-7 w-24 animate-shimmer rounded bg-maroon-700 align-middle" />{' '}
                <span className="text-base font-medium text-maroon-100">{t('landing.hero.perPerson')}</span>
              </>
            ) : (
              <HeroPrice event={event} offer={props.offer} />
            )}
          </p>
          <span className="rounded-full bg-gold-200 px-3 py-1 text-sm font-bold text-maroon-950">
            {t('landing.hero.groupDiscounts')}
          </span>
        </div>

        {/* On a phone the buttons stack: room for two is kept from the start, so the hero does not jump up
            when the account resolves and 'Sign In' or 'View My Tickets' joins the booking button. */}
        {props.salesOpenAt && !props.soldOut && !props.calledOff ? (
          <SalesCountdown salesOpenAt={props.salesOpenAt} className="mx-auto mt-7 max-w-md" />
        ) : null}
        <div className="mt-9 flex min-h-[6.75rem] flex-col items-stretch justify-start gap-3 sm:min-h-0 sm:flex-row sm:items-center sm:justify-center">
          <HeroButtons {...props} />
        </div>
        {props.waitlist ? <div className="mx-auto mt-6 max-w-md">{props.waitlist}</div> : null}
        {props.notice ? <div className="mx-auto mt-6 max-w-2xl">{props.notice}</div> : null}
      </div>

      <a
        href="#about"
        data-boot-tap={props.preRendered ? 'about' : undefined}
        className="absolute bottom-6 left-1/2 -translate-x-1/2 rounded-full p-2 text-gold-300 hover:text-gold-200"
        aria-label={t('landing.hero.scrollToAbout')}
      >
        <ChevronDown aria-hidden="true" className="size-7 animate-bounce motion-reduce:animate-none" />
      </a>
    </section>
  );
}
