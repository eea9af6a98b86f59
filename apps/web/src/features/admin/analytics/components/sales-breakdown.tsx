import { formatRupees } from '@utsav/domain/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { ErrorPanel } from '../../../../ui/error-panel';
import { formatCount } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import { TicketTypeMark } from '../../../../ui/ticket-type-mark';
import { type SalesBreakdown, useSalesBreakdown } from '../api/get-sales-breakdown';

// What each ticket type, price phase and promo code sold, as tables (a screen reader reads them cell by cell, with
// their headers). Rupees to the paisa: these figures are checked against the export's rows, so they are not rounded.

const NUMBER_CELL = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';

function Table({
  id,
  title,
  caption,
  headers,
  children,
  foot,
}: {
  id: string;
  title: string;
  caption: string;
  headers: string[];
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-xl text-gold-200">
        {title}
      </h2>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="mt-3 overflow-x-auto" aria-labelledby={`${id}-title`} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs tracking-wide text-maroon-200 uppercase">
            <tr>
              {headers.map((header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={index === 0 ? 'px-2 py-2' : `${NUMBER_CELL} text-right`}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-cream">{children}</tbody>
          {foot ? (
            <tfoot className="border-t border-gold-400/30 font-bold text-gold-200">{foot}</tfoot>
          ) : null}
        </table>
      </section>
    </section>
  );
}

const Row = ({ head, cells }: { head: ReactNode; cells: string[] }) => (
  <tr className="border-t border-gold-400/15">
    <th scope="row" className="px-2 py-2 font-semibold">
      {head}
    </th>
    {cells.map((cell, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in order
      <td key={index} className={NUMBER_CELL}>
        {cell}
      </td>
    ))}
  </tr>
);

export function SalesBreakdownTables() {
  const { t } = useTranslation();
  const query = useSalesBreakdown();
  if (query.isPending) return <Skeleton className="h-64 rounded-[1.25rem]" />;
  if (query.isError)
    return (
      <ErrorPanel
        title={t('admin-analytics.breakdown.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data: SalesBreakdown = query.data;
  const sold = (figures: { tickets: number; people: number; revenue: number }) => [
    formatCount(figures.tickets),
    formatCount(figures.people),
    formatRupees(figures.revenue),
  ];
  const soldHeaders = [
    t('admin-analytics.breakdown.tickets'),
    t('admin-analytics.breakdown.people'),
    t('admin-analytics.breakdown.revenue'),
  ];
  const totals = <Row head={t('admin-analytics.breakdown.total')} cells={sold(data.totals)} />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-sm text-maroon-100">{t('admin-analytics.breakdown.note')}</p>
      <Table
        id="sales-by-type"
        title={t('admin-analytics.breakdown.byType')}
        caption={t('admin-analytics.breakdown.byTypeCaption')}
        headers={[t('admin-analytics.breakdown.type'), ...soldHeaders]}
        foot={totals}
      >
        {data.types.map((type) => (
          <Row key={type.id} head={<TicketTypeMark type={type} />} cells={sold(type)} />
        ))}
      </Table>
      <Table
        id="sales-by-phase"
        title={t('admin-analytics.breakdown.byPhase')}
        caption={t('admin-analytics.breakdown.byPhaseCaption')}
        headers={[t('admin-analytics.breakdown.phase'), ...soldHeaders]}
        foot={totals}
      >
        {data.phases.map((phase) => (
          <Row
            key={phase.id ?? 'none'}
            head={
              phase.id === null
                ? t('admin-analytics.breakdown.noPhase')
                : t('admin-analytics.breakdown.phaseOfType', { phase: phase.label, type: phase.typeName })
            }
            cells={sold(phase)}
          />
        ))}
      </Table>
      <Table
        id="sales-by-code"
        title={t('admin-analytics.breakdown.byCode')}
        caption={t('admin-analytics.breakdown.byCodeCaption')}
        headers={[
          t('admin-analytics.breakdown.code'),
          t('admin-analytics.breakdown.tickets'),
          t('admin-analytics.breakdown.orders'),
          t('admin-analytics.breakdown.discount'),
          t('admin-analytics.breakdown.revenue'),
        ]}
      >
        {data.codes.length === 0 ? (
          <tr>
            <td colSpan={5} className="px-2 py-4 text-center text-maroon-100">
              {t('admin-analytics.breakdown.noCodes')}
            </td>
          </tr>
        ) : (
          data.codes.map((code) => (
            <Row
              key={code.id}
              head={<span className="font-mono">{code.code}</span>}
              cells={[
                formatCount(code.tickets),
                formatCount(code.orders),
                formatRupees(code.discount),
                formatRupees(code.revenue),
              ]}
            />
          ))
        )}
      </Table>
    </div>
  );
}
