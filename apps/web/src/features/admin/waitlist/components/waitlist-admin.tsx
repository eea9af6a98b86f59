import type { AdminWaitlist } from '@utsav/domain/api/waitlist';
import { EVENT_TIMEZONE } from '@utsav/domain/constants';
import { CircleCheck, Clock, Hourglass, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { formatTimeOfDay } from '../../../../ui/format';
import { SkeletonList } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { ViewHeader } from '../../../../ui/view-header';
import { useAdminWaitlist } from '../api/get-admin-waitlist';

type Entry = AdminWaitlist['entries'][number];

const ICON = 'size-5';

const BADGE: Record<Entry['status'], string> = {
  offered: 'bg-gold-200 text-maroon-950',
  waiting: 'bg-maroon-700 text-cream',
  bought: 'bg-emerald-200 text-emerald-950',
  expired: 'bg-maroon-800 text-maroon-100',
  left: 'bg-maroon-800 text-maroon-100',
  closed: 'bg-maroon-800 text-maroon-100',
};

/** "21 Nov, 8:49 PM" / "21 નવે, રાત્રે 8:49": the day in short, the time through the app's clock. */
function when(iso: string, language: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat(language === 'en' ? 'en-IN' : `${language}-IN`, {
    timeZone: EVENT_TIMEZONE,
    day: 'numeric',
    month: 'short',
  }).format(at);
  return `${day}, ${formatTimeOfDay(at)}`;
}

function EntryRow({ entry }: { entry: Entry }) {
  const { t, i18n } = useTranslation();
  const status = {
    waiting: t('waitlist.admin.status.waiting'),
    offered: t('waitlist.admin.status.offered'),
    bought: t('waitlist.admin.status.bought'),
    expired: t('waitlist.admin.status.expired'),
    left: t('waitlist.admin.status.left'),
    closed: t('waitlist.admin.status.closed'),
  }[entry.status];
  return (
    <li className="card flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
      <span
        className={`inline-flex min-w-10 justify-center rounded-full px-3 py-1 text-xs font-bold ${BADGE[entry.status]}`}
      >
        {entry.position !== null ? (
          <>
            <span aria-hidden="true">#{entry.position}</span>
            <span className="sr-only">{t('waitlist.admin.position', { position: entry.position })}</span>
          </>
        ) : (
          status
        )}
      </span>
      <div className="min-w-0 grow basis-48">
        <p className="font-semibold break-words text-cream">{entry.name}</p>
        <p className="text-sm break-all text-maroon-100">{entry.email}</p>
      </div>
      <dl className="grid grow basis-56 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-maroon-50">
        <dt className="text-maroon-200">{t('waitlist.admin.tickets')}</dt>
        <dd>{entry.quantity}</dd>
        <dt className="text-maroon-200">{t('waitlist.admin.line')}</dt>
        <dd className="break-words">
          {entry.line === 'type'
            ? t('waitlist.admin.typeLine', { name: entry.ticketType.name })
            : t('waitlist.admin.eventLine', { name: entry.ticketType.name })}
        </dd>
        <dt className="text-maroon-200">{t('waitlist.admin.joined')}</dt>
        <dd>{when(entry.joinedAt, i18n.language)}</dd>
        {entry.status === 'offered' && entry.offerExpiresAt ? (
          <>
            <dt className="text-maroon-200">{t('waitlist.admin.offerEnds')}</dt>
            <dd className="font-semibold text-gold-200">{when(entry.offerExpiresAt, i18n.language)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The organiser's view of the waitlist: the numbers, then the line (offers first, then in order). */
export function WaitlistAdmin({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const query = useAdminWaitlist();
  const view = query.data;
  return (
    <div className="grid gap-6">
      <ViewHeader
        title={t('waitlist.admin.title')}
        onBack={onBack}
        description={
          view ? t('waitlist.admin.description', { minutes: view.offerMinutes }) : t('waitlist.admin.loading')
        }
      />
      {query.isPending ? (
        <SkeletonList rows={4} label={t('waitlist.admin.loading')} />
      ) : !view ? (
        <ErrorPanel
          title={t('waitlist.admin.loadError')}
          message={query.error instanceof Error ? query.error.message : ''}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 lg:grid-cols-4">
            <StatCard
              label={t('waitlist.admin.stats.waiting')}
              value={String(view.stats.waiting.people)}
              hint={t('waitlist.admin.stats.seats', { count: view.stats.waiting.seats })}
              icon={<Hourglass className={ICON} />}
            />
            <StatCard
              label={t('waitlist.admin.stats.offered')}
              value={String(view.stats.offered.people)}
              hint={t('waitlist.admin.stats.seats', { count: view.stats.offered.seats })}
              icon={<Clock className={ICON} />}
            />
            <StatCard
              label={t('waitlist.admin.stats.bought')}
              value={String(view.stats.bought.people)}
              hint={t('waitlist.admin.stats.seats', { count: view.stats.bought.seats })}
              icon={<CircleCheck className={ICON} />}
            />
            <StatCard
              label={t('waitlist.admin.stats.expired')}
              value={String(view.stats.expired.people)}
              hint={t('waitlist.admin.stats.seats', { count: view.stats.expired.seats })}
              icon={<TimerOff className={ICON} />}
            />
          </div>
          {view.entries.length === 0 ? (
            <EmptyState title={t('waitlist.admin.empty')}>{t('waitlist.admin.emptyHint')}</EmptyState>
          ) : (
            <ol aria-label={t('waitlist.admin.listLabel')} className="grid gap-3">
              {view.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
