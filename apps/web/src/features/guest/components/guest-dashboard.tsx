import { RefreshCw, Ticket, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ComingSoonCard } from '../../../ui/coming-soon';

/**
 * The guest dashboard of this release: welcome, the event card and an honest note that buying and
 * My Tickets arrive with the next release. The #tickets section already exists so links can scroll to it.
 */
export default function GuestDashboard({ name, eventCard }: { name: string; eventCard: ReactNode }) {
  const firstName = name.split(' ')[0] ?? '';
  return (
    <div className="mx-auto max-w-5xl px-5 pt-28 pb-20">
      <h1 className="font-display text-4xl text-gold-200">Welcome{firstName ? `, ${firstName}` : ''}!</h1>
      <p className="mt-2 text-lg text-maroon-100">Here is everything about your evening at the Garba.</p>

      <div className="mt-8">{eventCard}</div>

      <section aria-labelledby="get-tickets-title" className="card mt-6 p-6">
        <h2 id="get-tickets-title" className="font-display text-2xl text-gold-200">
          Get Your Tickets
        </h2>
        <p className="mt-2 text-maroon-50">
          <strong className="text-cream">Ticket purchase and My Tickets arrive with the next release.</strong>{' '}
          Nothing can be bought on this site yet, and no payment is taken.
        </p>
      </section>

      <section id="tickets" aria-labelledby="tickets-title" className="mt-12">
        <h2 id="tickets-title" className="font-display text-3xl text-gold-200">
          My Tickets
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          <ComingSoonCard icon={<Ticket className="size-5" />} title="Your tickets">
            Each ticket with its QR code for the gate: show, download, copy or print it.
          </ComingSoonCard>
          <ComingSoonCard icon={<Undo2 className="size-5" />} title="Refund Tracker">
            Cancel eligible tickets and follow each refund from request to completion.
          </ComingSoonCard>
          <ComingSoonCard icon={<RefreshCw className="size-5" />} title="Always up to date">
            Totals of active, used and cancelled tickets, refreshed after every purchase.
          </ComingSoonCard>
        </ul>
      </section>
    </div>
  );
}
