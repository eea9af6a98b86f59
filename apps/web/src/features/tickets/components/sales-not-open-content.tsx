import { lineOpensAt } from '@utsav/domain/waiting-room';
import { SalesCountdown } from '../../../ui/sales-countdown';

/** The dialog before ticket sales open: when, a countdown, and (from 30 minutes before) the line to join. */
export function SalesNotOpenContent({ salesOpenAt, signedIn }: { salesOpenAt: string; signedIn: boolean }) {
  const lineOpen = Date.now() >= lineOpensAt(new Date(salesOpenAt)).getTime();
  return (
    <div className="grid gap-3">
      <SalesCountdown salesOpenAt={salesOpenAt} />
      <p className="text-sm text-maroon-100">
        {lineOpen
          ? signedIn
            ? 'The waiting line is open. Join it now: at the opening everyone in line gets a place in a random order.'
            : 'The waiting line is open. Sign in to join it: at the opening everyone in line gets a place in a random order.'
          : 'A waiting line opens 30 minutes before sales. Everyone in it at the opening gets a place in a random order, so there is no need to rush.'}
      </p>
    </div>
  );
}
