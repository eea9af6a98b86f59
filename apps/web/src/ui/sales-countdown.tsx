import { formatIstDateTime } from '@utsav/domain/time';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatCountdown } from '../lib/use-sales-open';

/**
 * "Ticket sales open on … IST" with a live countdown. The ticking numbers are hidden from screen readers (a
 * reader would hear every second); the sentence with the date is what they read.
 */
export function SalesCountdown({ salesOpenAt, className = '' }: { salesOpenAt: string; className?: string }) {
  const opening = new Date(salesOpenAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = opening.getTime() - now;
  return (
    <div
      className={`rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-center ${className}`}
      data-testid="sales-countdown"
    >
      <p className="flex items-center justify-center gap-2 text-sm text-maroon-50">
        <Clock aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
        <span>Ticket sales open on {formatIstDateTime(opening)}</span>
      </p>
      {left > 0 ? (
        <p aria-hidden="true" className="mt-1 font-mono text-2xl font-bold tabular-nums text-gold-200">
          {formatCountdown(left)}
        </p>
      ) : null}
    </div>
  );
}
