import type { QueueStatus } from '@utsav/domain/api/waiting-room';
import type { TFunction } from 'i18next';
import { Hourglass, PartyPopper, Ticket, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../ui/format';
import { SalesCountdown } from '../../../ui/sales-countdown';
import { Spinner } from '../../../ui/spinner';

// The waiting screen inside the purchase dialog. The dialog owns the flow; this only shows where
// the person stands. One polite live region carries a short sentence that changes when the place does, so
// a screen reader hears progress without the rest of the screen being read again.

export function etaText(seconds: number, t: TFunction): string {
  if (seconds < 60) return t('queue.eta.underMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('queue.eta.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return t('queue.eta.hours', { hours, minutes: String(rest).padStart(2, '0') });
}

function spokenStatus(status: QueueStatus | null, t: TFunction): string {
  if (!status) return t('queue.spoken.joining');
  if (status.status === 'sold-out') return t('queue.spoken.soldOut');
  if (status.status === 'admitted') return t('queue.spoken.admitted');
  if (status.position === null) return t('queue.spoken.drawPending');
  return t('queue.spoken.position', {
    position: formatCount(status.position),
    eta: etaText(status.etaSeconds, t),
  });
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-maroon-950/60 px-3 py-2">
      {icon}
      <div className="min-w-0">
        <p className="text-xs text-maroon-200">{label}</p>
        <p className="text-base font-semibold text-maroon-50">{value}</p>
      </div>
    </div>
  );
}

export function WaitingRoomStep({ status, problem }: { status: QueueStatus | null; problem: string | null }) {
  const { t } = useTranslation();
  const spoken = spokenStatus(status, t);
  return (
    <div className="grid gap-4" data-testid="waiting-room">
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {spoken}
      </p>
      {status?.status === 'sold-out' ? (
        <p role="alert" className="rounded-xl bg-rose-950/60 px-4 py-3 text-base font-semibold text-rose-100">
          {t('queue.soldOut')}
        </p>
      ) : status?.status === 'admitted' ? (
        <p className="flex items-center gap-2 text-lg font-bold text-gold-200">
          <PartyPopper aria-hidden="true" className="size-6" /> {t('queue.admitted')}
        </p>
      ) : status?.status === 'waiting' ? (
        <>
          {status.position === null ? (
            <>
              <p className="text-base text-maroon-50">{t('queue.drawExplained')}</p>
              {status.salesOpenAt ? <SalesCountdown salesOpenAt={status.salesOpenAt} /> : null}
            </>
          ) : (
            <div className="text-center">
              <p className="text-sm text-maroon-200">{t('queue.place')}</p>
              <p className="text-5xl font-bold tabular-nums text-gold-200">{formatCount(status.position)}</p>
            </div>
          )}
          <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
            {status.ahead !== null ? (
              <Stat
                icon={<Users aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
                label={t('queue.ahead')}
                value={formatCount(status.ahead)}
              />
            ) : null}
            {status.position !== null ? (
              <Stat
                icon={<Hourglass aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
                label={t('queue.wait')}
                value={etaText(status.etaSeconds, t)}
              />
            ) : null}
            <Stat
              icon={<Ticket aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
              label={t('queue.left')}
              value={formatCount(status.ticketsLeft)}
            />
          </div>
          <p className="rounded-xl border border-gold-400/30 px-4 py-3 text-base font-semibold text-maroon-50">
            {t('queue.keepOpen')}
          </p>
        </>
      ) : (
        <p className="flex items-center gap-2 text-maroon-50">
          <Spinner /> {t('queue.joining')}
        </p>
      )}
      {problem ? <p className="text-sm text-rose-200">{problem}</p> : null}
    </div>
  );
}
