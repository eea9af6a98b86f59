import { salesAreOpen } from '@utsav/domain/waiting-room';
import { useEffect, useState } from 'react';

/** Whether ticket sales are open, flipping by itself at the opening instant. */
export function useSalesOpen(salesOpenAt: string | null | undefined): boolean {
  const openingMs = salesOpenAt ? Date.parse(salesOpenAt) : null;
  const [now, setNow] = useState(() => Date.now());
  const open = salesAreOpen(openingMs === null ? null : new Date(openingMs), new Date(now));

  useEffect(() => {
    if (openingMs === null || now >= openingMs) return;
    // Long waits re-check in steps: timers drift while a phone sleeps, and setTimeout caps at ~24.8 days.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(openingMs - now, 60_000));
    return () => clearTimeout(timer);
  }, [openingMs, now]);

  return open;
}

/** What is left until an instant, in whole days, hours, minutes and seconds, for a countdown. */
export function countdownParts(ms: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
