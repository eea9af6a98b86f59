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

/** "2 h 05 m", "4 m 09 s": what is left until an instant, for a countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${pad(hours)} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} m`;
  return `${minutes} m ${pad(seconds)} s`;
}
