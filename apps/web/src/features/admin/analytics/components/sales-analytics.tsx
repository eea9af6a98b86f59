import { formatRupees } from '@utsav/domain/pricing';
import { addDays, istDate } from '@utsav/domain/time';
import { IndianRupee, Percent, ReceiptIndianRupee, RotateCw, Ticket } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ErrorPanel } from '../../../../ui/error-panel';
import { Skeleton } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { type Analytics, type SalesBucket, useAnalytics } from '../api/get-analytics';
import { BarChart, type BarDatum } from './bar-chart';

type Period = '7d' | '30d' | 'all';
const PERIODS: { value: Period; label: string }[] = [
  { value: '7d', label: '7 Days' },
  { value: '30d', label: '30 Days' },
  { value: 'all', label: 'All Time' },
];
const DAILY_CHART_ENTRIES = 7;

// Analytics shows whole rupees (admin-side §2).
const rupees = (value: number) => formatRupees(Math.round(value), { decimals: false });
const count = (value: number) => Math.round(value).toLocaleString('en-IN');

function dayLabel(key: string): { short: string; full: string } {
  const date = new Date(`${key}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return { short: key, full: key };
  return {
    short: date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    full: date.toLocaleDateString('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  };
}

function hourLabel(hour: number): string {
  const suffix = hour >= 12 ? 'pm' : 'am';
  return `${hour % 12 === 0 ? 12 : hour % 12}${suffix}`;
}

/** The period switch changes what the summary line adds up; the fetch itself takes no period (admin-side §2). */
function periodTotals(salesChart: SalesBucket[], period: Period): { tickets: number; revenue: number } {
  const from = period === 'all' ? '' : addDays(istDate(new Date()), period === '7d' ? -6 : -29);
  return salesChart
    .filter((bucket) => bucket.key >= from)
    .reduce(
      (sum, bucket) => ({ tickets: sum.tickets + bucket.count, revenue: sum.revenue + bucket.revenue }),
      {
        tickets: 0,
        revenue: 0,
      },
    );
}

function dailyData(analytics: Analytics): BarDatum[] {
  return [...analytics.salesChart]
    .sort((a, b) => a.key.localeCompare(b.key))
    .slice(-DAILY_CHART_ENTRIES)
    .map((bucket) => {
      const label = dayLabel(bucket.key);
      return {
        label: label.short,
        fullLabel: label.full,
        value: bucket.revenue,
        secondary: `${count(bucket.count)} ticket${bucket.count === 1 ? '' : 's'}`,
      };
    });
}

function hourlyData(analytics: Analytics): BarDatum[] {
  const byHour = new Map(analytics.hourlySales.map((bucket) => [Number(bucket.key), bucket]));
  return Array.from({ length: 24 }, (_, hour) => {
    const bucket = byHour.get(hour);
    const tickets = bucket?.count ?? 0;
    return {
      label: hourLabel(hour),
      fullLabel: `${hourLabel(hour)} - ${hourLabel((hour + 1) % 24)}`,
      value: tickets,
      secondary: rupees(bucket?.revenue ?? 0),
    };
  });
}

function EventPerformance({ event }: { event: NonNullable<Analytics['event']> }) {
  const percentage = Math.max(0, Math.min(100, event.soldPercentage));
  return (
    <section aria-labelledby="event-performance-title" className="card p-5 sm:p-6">
      <h2 id="event-performance-title" className="font-sans text-lg font-semibold text-cream">
        Event performance
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-maroon-200">Sold</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{count(event.soldTickets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">Available</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{count(event.availableTickets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">Sold percentage</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{Math.round(percentage * 10) / 10}%</dd>
        </div>
        <div>
          <dt className="text-sm text-maroon-200">Ticket price</dt>
          <dd className="text-xl font-bold text-cream tabular-nums">{rupees(event.ticketPrice)}</dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label="Tickets sold"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percentage)}
        aria-valuetext={`${Math.round(percentage * 10) / 10}% sold`}
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
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">Loading analytics</span>
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

/** Sales analytics (admin-side §2): period switch, cards, event performance, daily and hourly charts. */
export function SalesAnalytics({ onBack }: { onBack: () => void }) {
  const [period, setPeriod] = useState<Period>('30d');
  const query = useAnalytics();
  useFailureToast(
    'load-analytics',
    query.error ? `Failed to load analytics: ${errorMessage(query.error)}` : null,
    query.errorUpdatedAt,
  );
  const analytics = query.data;
  const totals = analytics ? periodTotals(analytics.salesChart, period) : null;
  const daily = analytics ? dailyData(analytics) : [];
  const hourly = analytics ? hourlyData(analytics) : [];
  const todayTickets = hourly.reduce((sum, datum) => sum + datum.value, 0);
  const busiest = hourly.reduce<BarDatum | null>(
    (best, datum) => (datum.value > (best?.value ?? 0) ? datum : best),
    null,
  );

  return (
    <div>
      <ViewHeader
        title="Sales Analytics"
        description="Figures in Mumbai time; revenue is net of refunds."
        onBack={onBack}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
        }
      />

      <fieldset className="mb-6 flex flex-wrap items-center gap-3">
        <legend className="sr-only">Period</legend>
        <div className="inline-flex rounded-full border border-gold-400/40 bg-maroon-950/60 p-1">
          {PERIODS.map((option) => (
            <label
              key={option.value}
              className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300 ${
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
              {option.label}
            </label>
          ))}
        </div>
        {totals ? (
          <p className="text-sm text-maroon-100" aria-live="polite">
            {period === 'all' ? 'All time' : `Last ${period === '7d' ? 7 : 30} days`}: {count(totals.tickets)}{' '}
            tickets · {rupees(totals.revenue)}
          </p>
        ) : null}
      </fieldset>

      {query.isPending ? (
        <LoadingAnalytics />
      ) : query.isError && !analytics ? (
        <ErrorPanel
          title="Failed to load analytics"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : analytics ? (
        <div className="grid gap-6">
          <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Total Revenue"
              value={rupees(analytics.revenue.total)}
              hint={`${rupees(analytics.revenue.today)} today`}
              icon={<IndianRupee className="size-5" />}
            />
            <StatCard
              label="Tickets Sold"
              value={count(analytics.tickets.total)}
              hint={`${count(analytics.tickets.soldToday)} sold today`}
              icon={<Ticket className="size-5" />}
            />
            <StatCard
              label="Average Ticket Value"
              value={rupees(analytics.analytics.averageTicketValue)}
              icon={<ReceiptIndianRupee className="size-5" />}
            />
            <StatCard
              label="Conversion Rate"
              value={`${Math.round(analytics.analytics.conversionRate * 10) / 10}%`}
              hint={`of ${count(analytics.users.total)} users bought tickets`}
              icon={<Percent className="size-5" />}
            />
          </section>

          {analytics.event ? <EventPerformance event={analytics.event} /> : null}

          <section aria-labelledby="daily-sales-title" className="card p-5 sm:p-6">
            <h2 id="daily-sales-title" className="font-sans text-lg font-semibold text-cream">
              Daily sales overview
            </h2>
            <p className="text-sm text-maroon-100">
              Revenue per day, the last {DAILY_CHART_ENTRIES} days with sales.
            </p>
            <div className="mt-4">
              {daily.length === 0 ? (
                <p className="py-8 text-center text-maroon-100">No sales yet.</p>
              ) : (
                <BarChart
                  title="Daily revenue"
                  summary={`Revenue for ${daily.length} days, from ${daily[0]?.fullLabel} to ${daily.at(-1)?.fullLabel}; highest ${rupees(Math.max(...daily.map((d) => d.value)))}.`}
                  data={daily}
                  format={rupees}
                  labelHeader="Day"
                  valueHeader="Revenue"
                  secondaryHeader="Tickets"
                />
              )}
            </div>
          </section>

          <section aria-labelledby="hourly-sales-title" className="card p-5 sm:p-6">
            <h2 id="hourly-sales-title" className="font-sans text-lg font-semibold text-cream">
              Today's hourly sales
            </h2>
            <p className="text-sm text-maroon-100">
              Tickets sold per hour today{busiest ? `; busiest ${busiest.fullLabel}` : ''}.
            </p>
            <div className="mt-4">
              {todayTickets === 0 ? (
                <p className="py-8 text-center text-maroon-100">No tickets sold today yet.</p>
              ) : (
                <BarChart
                  title="Tickets sold per hour today"
                  summary={`${count(todayTickets)} tickets today${busiest ? `, most at ${busiest.fullLabel} (${count(busiest.value)})` : ''}.`}
                  data={hourly}
                  format={(value) => count(value)}
                  labelHeader="Hour"
                  valueHeader="Tickets"
                  secondaryHeader="Revenue"
                  labelEvery={3}
                  integer
                />
              )}
            </div>
          </section>
        </div>
      ) : null}
    </div>
  );
}
