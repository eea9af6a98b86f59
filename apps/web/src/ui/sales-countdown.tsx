import { formatClockTime, formatEventDate, istDateTimeLocal } from '@utsav/domain/time';
import type { TFunction } from 'i18next';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n/language';
import { countdownParts } from '../lib/use-sales-open';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2 d 04 h", "2 h 05 m", "4 m 09 s" in the reader's language: the two largest units left. */
function countdownText(ms: number, t: TFunction): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  if (days > 0) return t('queue.countdown.days', { days, hours: pad(hours) });
  if (hours > 0) return t('queue.countdown.hours', { hours, minutes: pad(minutes) });
  return t('queue.countdown.minutes', { minutes, seconds: pad(seconds) });
}

/**
 * "Ticket sales open on … IST" with a live countdown. The ticking numbers are hidden from screen readers (a
 * reader would hear every second); the sentence with the date is what they read.
 */
export function SalesCountdown({ salesOpenAt, className = '' }: { salesOpenAt: string; className?: string }) {
  const { t } = useTranslation();
  const opening = new Date(salesOpenAt);
  const local = istDateTimeLocal(opening);
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
        <span>
          {t('queue.countdown.opensOn', {
            date: formatEventDate(local.slice(0, 10), currentLocale()),
            time: formatClockTime(local.slice(11, 16), currentLocale()),
          })}
        </span>
      </p>
      {left > 0 ? (
        <p aria-hidden="true" className="mt-1 text-2xl font-bold tabular-nums text-gold-200">
          {countdownText(left, t)}
        </p>
      ) : null}
    </div>
  );
}
