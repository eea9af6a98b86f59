import type { TypeFigure } from '@utsav/domain/type-figures';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRupees } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import { TicketTypeMark } from '../../../../ui/ticket-type-mark';

// The dashboard's sales per ticket type: one card per type with what it sold of its own capacity (a bar when it
// has one), the people those tickets admit and its revenue. The figures come from the page (the sales breakdown
// and the types' capacities, joined by @utsav/domain/type-figures); this only shows them.

function TypeCard({ figure }: { figure: TypeFigure }) {
  const { t } = useTranslation();
  const capped = figure.capacity !== null;
  return (
    <li className="card min-w-0 p-4" data-testid="type-figure">
      <TicketTypeMark type={figure} />
      <p className="mt-2 text-lg font-bold break-words text-cream tabular-nums">
        {capped
          ? t('admin.dashboard.types.sold', {
              sold: formatCount(figure.sold),
              capacity: formatCount(figure.capacity ?? 0),
            })
          : t('admin.dashboard.types.soldShared', { sold: formatCount(figure.sold) })}
      </p>
      {capped ? (
        // The text above says the same for a screen reader; the bar is for the eye.
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-maroon-800">
          <div
            className="h-full rounded-full"
            style={{ width: `${Math.min(100, figure.soldPercentage ?? 0)}%`, background: figure.colour }}
          />
        </div>
      ) : null}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-maroon-100">
        {capped ? <li>{t('admin.dashboard.types.left', { count: figure.left ?? 0 })}</li> : null}
        {capped ? null : <li>{t('admin.dashboard.types.shared')}</li>}
        {figure.admits > 1 ? <li>{t('admin.dashboard.types.people', { count: figure.people })}</li> : null}
        <li className="tabular-nums">
          {t('admin.dashboard.types.revenue', { amount: formatRupees(figure.revenue) })}
        </li>
      </ul>
    </li>
  );
}

export function TypeFigures({
  figures,
  loading,
  failed,
}: {
  figures: readonly TypeFigure[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="type-figures-title" aria-busy={loading || undefined}>
      <h2 id="type-figures-title" className="font-display text-xl text-gold-200">
        {t('admin.dashboard.types.title')}
      </h2>
      {failed ? <p className="mt-2 text-maroon-100">{t('admin.dashboard.types.failed')}</p> : null}
      {loading ? (
        <Skeleton className="mt-3 h-28 w-full" />
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="type-figures-title">
          {figures.map((figure) => (
            <TypeCard key={figure.id} figure={figure} />
          ))}
        </ul>
      )}
    </section>
  );
}
