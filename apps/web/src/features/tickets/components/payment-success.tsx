import { CircleCheck, Home, Ticket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/button';

/** /payment-success (guest-side §2): the verified purchase, then on to the tickets or home. */
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const what =
    count === null ? 'Your tickets are' : count === 1 ? 'Your ticket is' : `All ${count} of your tickets are`;
  return (
    <section className="mx-auto flex min-h-[80dvh] max-w-xl flex-col items-center justify-center px-5 py-28 text-center">
      <div className="flex size-20 items-center justify-center rounded-full bg-emerald-300/15 ring-2 ring-emerald-300/60">
        <CircleCheck aria-hidden="true" className="size-12 text-emerald-300" />
      </div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 font-display text-4xl text-cream outline-none sm:text-5xl"
      >
        Payment Successful!
      </h1>
      {count !== null ? (
        <p className="mt-4 text-2xl font-semibold text-gold-200" role="status">
          {count === 1 ? '1 ticket booked' : `${count} tickets booked`}
        </p>
      ) : null}
      <p className="mt-4 text-lg text-maroon-100">
        Thank you! {what} waiting under My Tickets on your dashboard, each with its own QR code to show at the
        gate.
      </p>
      <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={onViewTickets} icon={<Ticket aria-hidden="true" className="size-5" />}>
          View My Tickets
        </Button>
        <Button
          size="lg"
          variant="secondary"
          onClick={onHome}
          icon={<Home aria-hidden="true" className="size-5" />}
        >
          Go Home
        </Button>
      </div>
    </section>
  );
}
