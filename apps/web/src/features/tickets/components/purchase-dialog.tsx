import { GROUP_MIN_QUANTITY } from '@utsav/domain/constants';
import { formatRupees, hasGroupPrice } from '@utsav/domain/pricing';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { Info } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

export interface PurchaseEvent {
  name: string;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
  groupPrice4: number | null;
}

/**
 * The purchase dialog of this release: it shows the real prices, and says plainly that online booking is
 * not open yet. Quantity, terms, sign-in step and payment arrive with the next release.
 */
export function PurchaseDialog({
  event,
  open,
  onClose,
}: {
  event: PurchaseEvent;
  open: boolean;
  onClose: () => void;
}) {
  const group = hasGroupPrice(event) ? event.groupPrice4 : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Book Your Tickets"
      description={
        <>
          {event.name}
          {event.date ? ` · ${formatEventDate(event.date)}` : ''} ·{' '}
          {formatTimeRange(event.startTime, event.endTime)}
        </>
      }
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <h3 className="font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase">Pricing</h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        <li className="rounded-xl border border-gold-400/30 bg-maroon-950/60 p-4">
          <p className="font-semibold text-cream">Individual</p>
          <p className="text-sm text-maroon-100">1-{GROUP_MIN_QUANTITY - 1} tickets</p>
          <p className="mt-2 text-2xl font-bold text-gold-200">{formatRupees(event.ticketPrice)}</p>
          <p className="text-xs text-maroon-200">per ticket</p>
        </li>
        <li className="rounded-xl border border-gold-400/30 bg-maroon-950/60 p-4">
          <p className="font-semibold text-cream">Group</p>
          <p className="text-sm text-maroon-100">{GROUP_MIN_QUANTITY}+ tickets</p>
          <p className="mt-2 text-2xl font-bold text-gold-200">{formatRupees(group ?? event.ticketPrice)}</p>
          <p className="text-xs text-maroon-200">
            per ticket
            {group !== null ? ` · save ${formatRupees(event.ticketPrice - group)} on each` : ''}
          </p>
        </li>
      </ul>
      <div className="mt-5 flex gap-3 rounded-xl border border-saffron-400/40 bg-saffron-400/10 p-4 text-sm text-maroon-50">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-saffron-300" />
        <p>
          <strong className="text-cream">Online booking opens with the next release of this site.</strong>{' '}
          Nothing can be bought or paid for here yet, and no payment will be taken. Please check back soon.
        </p>
      </div>
    </Dialog>
  );
}
