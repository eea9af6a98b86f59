import { addDays, istDate } from '@utsav/domain/time';
import type { TFunction } from 'i18next';
import { IndianRupee, Percent, ReceiptIndianRupee, RotateCw, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { currentLocale } from '../../../../lib/i18n/language';
import { Button } from '../../../../ui/button';
import { ErrorPanel } from '../../../../ui/error-panel';
import { formatCount, formatHour, formatRupees } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { type Analytics, type SalesBucket, useAnalytics } from '../api/get-analytics';
import { BarChart, type BarDatum } from './bar-chart';
import { SalesBreakdownTables } from './sales-breakdown';

type Period = '7d' | '30d' | 'all';
/** The period choices; `label` is a catalog key. */
const PERIODS: { value: Period; label: string }[] = [
  { value: '7d', label: 'admin-analytics.period.days7' },
  { value: '30d', label: 'admin-analytics.period.days30' },
  { value: 'all', label: 'admin-analytics.period.all' },
];
const DAILY_CHART_ENTRIES = 7;

// Analytics shows whole rupees (docs/product.md#analytics).
const rupees = (value: number) => formatRupees(Math.round(value));
const count = (value: number) => formatCount(Math.round(value));
/** 12.3% in the reader's locale. */
const percent = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

function dayLabel(key: string): { short: string; full: string } {
  const date = new Date(`${key}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return { short: key, full: key };
  return {
    short: date.toLocaleDateString(currentLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    full: date.toLocaleDateString(currentLocale(), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  };
}

const hourLabel = formatHour;

/** The period switch changes what the summary line adds up; the fetch itself takes no period (docs/product.md#analytics). */
function periodTotals(salesChart: SalesBucket[], period: Period): { tickets: number; revenue: number } {
  const from = period === 'all' ? '' : addDays(istDate(new Date()), period === '7d' ? -6 : -29);
  return salesChart
    .filter((bucket) => bucket._id >= from)
    .reduce(
      (sum, bucket) => ({ tickets: sum.tickets + bucket.count, revenue: sum.revenue + bucket.revenue }),
      {
        tickets: 0,
        revenue: 0,
      },
    );
}

function dailyData(t: TFunction, analytics: Analytics): BarDatum[] {
  return [...analytics.salesChart]
    .sort((a, b) => a._id.localeCompare(b._id))
    .slice(-DAILY_CHART_ENTRIES)
    .map((bucket) => {
      const label = dayLabel(bucket._id);
      return {
        label: label.short,
        fullLabel: label.full,
        value: bucket.revenue,
        // The day's convenience fees kept, to the paisa, beside its tickets (read from its documents).
        secondary: [
          t('admin-analytics.tickets', { count: bucket.count, formatted: count(bucket.count) }),
          ...(bucket.convenienceFees !== 0
            ? [t('admin-analytics.daily.fees', { amount: formatRupees(bucket.convenienceFees) })]
            : []),
        ].join(' · '),
      };
    });
}

function hourlyData(t: TFunction, analytics: Analytics): BarDatum[] {
  const byHour = new Map(analytics.hourlySales.map((bucket) => [bucket._id, bucket]));
  return Array.from({ length: 24 }, (_, hour) => {
    const bucket = byHour.get(hour);
    const tickets = bucket?.count ?? 0;
    return {
      label: hourLabel(hour),
      fullLabel: t('admin-analytics.hourRange', { from: hourLabel(hour), to: hourLabel((hour + 1) % 24) }),
      value: tickets,
      secondary: rupees(bucket?.revenue ?? 0),
    };
  });
}

function EventPerformance({ event }: { event: Analytics['event'] }) {
  const { t } = useTranslation();
  const percentage = Math.max(0, Math.min(100, event.soldPercentage));
  return (
    <section aria-labelledby="event-performance-title" className="card p-5 sm:p-6">
      <h2 id="event-performance-title" className="font-sans text-lg font-semibold text-cream">
        {t('admin-analytics.performance.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-maroon-200">{t('admin-analytics.performance.sold')}</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{count(event.soldTickets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">{t('admin-analytics.performance.available')}</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{count(event.availableTickets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">{t('admin-analytics.performance.soldPercentage')}</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{percent(percentage)}</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">{t('admin-analytics.performance.ticketPrice')}</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{rupees(event.ticketPrice)}</dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label={t('admin-analytics.performance.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percentage)}
        aria-valuetext={t('admin-analytics.performance.progressText', { percent: percent(percentage) })}
        className="mt-5 h-3 overflow-hidden rounded-full bg-maroon-950"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-saffron-400 to-gold-300 transition-[width] duration-700"
          style={{ width: `${percentage}%` }}
        />
      </div>
    </section>
  );
}

function LoadingAnalytics() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">{t('admin-analytics.loading')}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24 rounded-[1.25rem]" />
        ))}
      </div>
      <Skeleton className="h-36 rounded-[1.25rem]" />
      <Skeleton className="h-72 rounded-[1.25rem]" />
    </div>
  );
}

/** Sales analytics (docs/product.md#analytics): period switch, cards, event performance, daily and hourly charts. */
export function SalesAnalytics({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('30d');
  const query = useAnalytics();
  useFailureToast(
    'load-analytics',
    query.error ? t('admin-analytics.toast.loadFailed', { reason: errorMessage(query.error) }) : null,
    query.errorUpdatedAt,
  );
  const analytics = query.data;
  const totals = analytics ? periodTotals(analytics.salesChart, period) : null;
  const daily = analytics ? dailyData(t, analytics) : [];
  const hourly = analytics ? hourlyData(t, analytics) : [];
  const todayTickets = hourly.reduce((sum, datum) => sum + datum.value, 0);
  const busiest = hourly.reduce<BarDatum | null>(
    (best, datum) => (datum.value > (best?.value ?? 0) ? datum : best),
    null,
  );

  return (
    <div>
      <ViewHeader
        title={t('admin-analytics.title')}
        description={t('admin-analytics.description')}
        onBack={onBack}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            {t('admin.common.refresh')}
          </Button>
        }
      />

      <fieldset className="mb-6 flex flex-wrap items-center gap-3">
        <legend className="sr-only">{t('admin-analytics.period.legend')}</legend>
        <div className="inline-flex max-w-full flex-wrap rounded-3xl border border-gold-400/40 bg-maroon-950/60 p-1">
          {PERIODS.map((option) => (
            <label
              key={option.value}
              className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300 ${
                period === option.value ? 'bg-saffron-400 text-ink' : 'text-maroon-100 hover:text-cream'
              }`}
            >
              <input
                type="radio"
                name="analytics-period"
                value={option.value}
                checked={period === option.value}
                onChange={() => setPeriod(option.value)}
                className="sr-only"
              />
              {t(option.label)}
            </label>
          ))}
        </div>
        {totals ? (
          <p className="text-sm text-maroon-100" aria-live="polite">
            {t(
              period === 'all'
                ? 'admin-analytics.period.totalAll'
                : period === '7d'
                  ? 'admin-analytics.period.total7'
                  : 'admin-analytics.period.total30',
              {
                count: totals.tickets,
                formatted: count(totals.tickets),
                revenue: rupees(totals.revenue),
              },
            )}
          </p>
        ) : null}
      </fieldset>

      {query.isPending ? (
        <LoadingAnalytics />
      ) : query.isError && !analytics ? (
        <ErrorPanel
          title={t('admin-analytics.loadFailedTitle')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : analytics ? (
        <div className="grid gap-6">
          <section
            aria-label={t('admin-analytics.keyFigures')}
            className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 sm:gap-4 lg:grid-cols-4"
          >
            <StatCard
              label={t('admin-analytics.cards.revenue')}
              value={rupees(analytics.revenue.total)}
              hint={
                <>
                  {t('admin-analytics.cards.revenueToday', { amount: rupees(analytics.revenue.today) })}
                  <span className="block">
                    {/* To the paisa, unlike the rounded cards: the fees are checked against the documents. */}
                    {t('admin-analytics.cards.revenueSplit', {
                      tickets: formatRupees(analytics.revenue.ticketSales),
                      fees: formatRupees(analytics.revenue.convenienceFees),
                    })}
                  </span>
                </>
              }
              icon={<IndianRupee className="size-5" />}
            />
            <StatCard
              label={t('admin-analytics.cards.sold')}
              value={count(analytics.tickets.total)}
              hint={t('admin-analytics.cards.soldToday', { count: count(analytics.tickets.soldToday) })}
              icon={<Ticket className="size-5" />}
            />
            <StatCard
              label={t('admin-analytics.cards.average')}
              value={rupees(analytics.analytics.averageTicketValue)}
              icon={<ReceiptIndianRupee className="size-5" />}
            />
            <StatCard
              label={t('admin-analytics.cards.conversion')}
              value={percent(analytics.analytics.conversionRate)}
              hint={t('admin-analytics.cards.conversionHint', {
                count: analytics.users.total,
                formatted: count(analytics.users.total),
              })}
              icon={<Percent className="size-5" />}
            />
          </section>

          <EventPerformance event={analytics.event} />

          <section aria-labelledby="daily-sales-title" className="card p-5 sm:p-6">
            <h2 id="daily-sales-title" className="font-sans text-lg font-semibold text-cream">
              {t('admin-analytics.daily.title')}
            </h2>
            <p className="text-sm text-maroon-100">
              {t('admin-analytics.daily.description', { count: DAILY_CHART_ENTRIES })}
            </p>
            <div className="mt-4">
              {daily.length === 0 ? (
                <p className="py-8 text-center text-maroon-100">{t('admin-analytics.daily.empty')}</p>
              ) : (
                <BarChart
                  title={t('admin-analytics.daily.chartTitle')}
                  summary={t('admin-analytics.daily.summary', {
                    count: daily.length,
                    from: daily[0]?.fullLabel ?? '',
                    to: daily.at(-1)?.fullLabel ?? '',
                    highest: rupees(Math.max(...daily.map((d) => d.value))),
                  })}
                  data={daily}
                  format={rupees}
                  labelHeader={t('admin-analytics.chart.day')}
                  valueHeader={t('admin-analytics.chart.revenue')}
                  secondaryHeader={t('admin-analytics.chart.tickets')}
                />
              )}
            </div>
          </section>

          <section aria-labelledby="hourly-sales-title" className="card p-5 sm:p-6">
            <h2 id="hourly-sales-title" className="font-sans text-lg font-semibold text-cream">
              {t('admin-analytics.hourly.title')}
            </h2>
            <p className="text-sm text-maroon-100">
              {busiest
                ? t('admin-analytics.hourly.descriptionBusiest', { hours: busiest.fullLabel })
                : t('admin-analytics.hourly.description')}
            </p>
            <div className="mt-4">
              {todayTickets === 0 ? (
                <p className="py-8 text-center text-maroon-100">{t('admin-analytics.hourly.empty')}</p>
              ) : (
                <BarChart
                  title={t('admin-analytics.hourly.chartTitle')}
                  summary={
                    busiest
                      ? t('admin-analytics.hourly.summaryBusiest', {
                          count: todayTickets,
                          formatted: count(todayTickets),
                          hours: busiest.fullLabel,
                          most: count(busiest.value),
                        })
                      : t('admin-analytics.hourly.summary', {
                          count: todayTickets,
                          formatted: count(todayTickets),
                        })
                  }
                  data={hourly}
                  format={(value) => count(value)}
                  labelHeader={t('admin-analytics.chart.hour')}
                  valueHeader={t('admin-analytics.chart.tickets')}
                  secondaryHeader={t('admin-analytics.chart.revenue')}
                  labelEvery={3}
                  integer
                />
              )}
            </div>
          </section>
        </div>
      ) : null}
      <div className="mt-6">
        <SalesBreakdownTables />
      </div>
    </div>
  );
}
