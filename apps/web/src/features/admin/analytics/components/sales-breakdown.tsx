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

interface TableRow {
  key: string;
  head: ReactNode;
  cells: string[];
}

/**
 * A table from 640 px up; on a phone the same rows as a list of cards, each figure beside its header (four columns
 * of numbers do not fit 390 px at 200% text, and a table scrolled sideways hides them).
 */
function Table({
  id,
  title,
  caption,
  headers,
  rows,
  empty,
  total,
}: {
  id: string;
  title: string;
  caption: string;
  headers: string[];
  rows: TableRow[];
  empty?: string;
  total?: TableRow;
}) {
  const [first, ...figures] = headers;
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-xl text-gold-200">
        {title}
      </h2>
      {rows.length === 0 && empty ? <p className="mt-3 text-maroon-100">{empty}</p> : null}
      <ul className="mt-3 grid gap-3 sm:hidden" aria-label={caption}>
        {[...rows, ...(total ? [total] : [])].map((row) => (
          <li key={row.key} className="rounded-xl border border-gold-400/20 p-3">
            <p className="font-semibold text-cream">{row.head}</p>
            <dl className="mt-2 grid gap-1 text-sm">
              {figures.map((header, index) => (
                <div key={header} className="flex flex-wrap justify-between gap-x-3">
                  <dt className="text-maroon-100">{header}</dt>
                  <dd className="text-cream tabular-nums">{row.cells[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="mt-3 hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs tracking-wide text-maroon-200 uppercase">
          <tr>
            <th scope="col" className="px-2 py-2">
              {first}
            </th>
            {figures.map((header) => (
              <th key={header} scope="col" className={NUMBER_CELL}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-cream">
          {rows.map((row) => (
            <Row key={row.key} head={row.head} cells={row.cells} />
          ))}
        </tbody>
        {total ? (
          <tfoot className="border-t border-gold-400/30 font-bold text-gold-200">
            <Row head={total.head} cells={total.cells} />
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

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
  const total: TableRow = {
    key: 'total',
    head: t('admin-analytics.breakdown.total'),
    cells: sold(data.totals),
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-sm text-maroon-100">{t('admin-analytics.breakdown.note')}</p>
      <Table
        id="sales-by-type"
        title={t('admin-analytics.breakdown.byType')}
        caption={t('admin-analytics.breakdown.byTypeCaption')}
        headers={[t('admin-analytics.breakdown.type'), ...soldHeaders]}
        total={total}
        rows={data.types.map((type) => ({
          key: type.id,
          head: <TicketTypeMark type={type} />,
          cells: sold(type),
        }))}
      />
      <Table
        id="sales-by-phase"
        title={t('admin-analytics.breakdown.byPhase')}
        caption={t('admin-analytics.breakdown.byPhaseCaption')}
        headers={[t('admin-analytics.breakdown.phase'), ...soldHeaders]}
        total={total}
        rows={data.phases.map((phase) => ({
          key: phase.id ?? 'none',
          head:
            phase.id === null
              ? t('admin-analytics.breakdown.noPhase')
              : t('admin-analytics.breakdown.phaseOfType', { phase: phase.label, type: phase.typeName }),
          cells: sold(phase),
        }))}
      />
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
        empty={t('admin-analytics.breakdown.noCodes')}
        rows={data.codes.map((code) => ({
          key: code.id,
          head: <span className="font-mono">{code.code}</span>,
          cells: [
            formatCount(code.tickets),
            formatCount(code.orders),
            formatRupees(code.discount),
            formatRupees(code.revenue),
          ],
        }))}
      />
    </div>
  );
}
