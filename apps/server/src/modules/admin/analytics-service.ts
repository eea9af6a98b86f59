import { averageTicketValue, conversionRate, mergeBuckets, type SalesBucket } from '@utsav/domain/analytics';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import { countInventory, findCurrentEvent } from '../../stores/events';
import { countUsers } from '../../stores/users';
import { eventImageBase, toEventJson } from '../event/presenter';
import { countBuyers, istDayBounds, salesParts } from './analytics-repo';

// GET /admin/analytics/dashboard (docs/product.md#analytics). Revenue is defined in
// analytics-repo.ts; every figure is counted from rows now, in Asia/Kolkata.

export interface Dashboard {
  revenue: { total: number; today: number };
  tickets: { total: number; soldToday: number };
  users: { total: number };
  analytics: { averageTicketValue: number; conversionRate: number };
  event: { soldTickets: number; availableTickets: number; soldPercentage: number; ticketPrice: number };
  /** Every IST day with a sale or a refund, ascending (the screen shows the last 7). */
  salesChart: SalesBucket<string>[];
  /** Today's IST hours (0-23) with a sale or a refund, ascending. */
  hourlySales: SalesBucket<number>[];
}

export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const now = ctx.now();
  const today = istDayBounds(now);
  const [dailyParts, hourlyParts, users, buyers, event] = await Promise.all([
    salesParts<string>(ctx.db, 'day'),
    salesParts<number>(ctx.db, 'hour', today),
    countUsers(ctx.db),
    countBuyers(ctx.db),
    findCurrentEvent(ctx.db),
  ]);
  const salesChart = mergeBuckets(dailyParts);
  const hourlySales = mergeBuckets(hourlyParts);
  // Totals are the sums of the daily buckets: the chart and the cards can never disagree.
  let revenuePaise = 0;
  let sold = 0;
  for (const part of dailyParts) {
    revenuePaise += part.paise ?? 0;
    sold += part.count ?? 0;
  }
  const todayBucket = salesChart.find((bucket) => bucket._id === today.day);
  const revenue = paiseToRupees(revenuePaise);

  let eventFigures: Dashboard['event'] = {
    soldTickets: 0,
    availableTickets: 0,
    soldPercentage: 0,
    ticketPrice: 0,
  };
  if (event) {
    // The event's own presenter: the same sold/available figures GET /event shows.
    const json = toEventJson(event, await countInventory(ctx.db, event.id, now), eventImageBase(ctx.config));
    eventFigures = {
      soldTickets: json.soldTickets,
      availableTickets: json.availableTickets,
      soldPercentage: json.soldPercentage,
      ticketPrice: json.ticketPrice,
    };
  }

  return {
    revenue: { total: revenue, today: todayBucket?.revenue ?? 0 },
    tickets: { total: sold, soldToday: todayBucket?.count ?? 0 },
    users: { total: users },
    analytics: {
      averageTicketValue: averageTicketValue(revenue, sold),
      conversionRate: conversionRate(buyers, users),
    },
    event: eventFigures,
    salesChart,
    hourlySales,
  };
}
