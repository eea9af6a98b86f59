import { averageTicketValue, conversionRate, type SalesBucket, salesBuckets } from '@utsav/domain/analytics';
import {
  convenienceFeeRevenueByDay,
  convenienceFeeRevenuePaise,
  type FeeRevenueDocument,
} from '@utsav/domain/convenience-fee-revenue';
import { paiseToRupees } from '@utsav/domain/pricing';
import { revenueInRupees, revenueOf } from '@utsav/domain/revenue';
import type { AppContext } from '../../platform/context';
import { countInventory, findCurrentEvent } from '../../stores/events';
import { countUsers } from '../../stores/users';
import { eventImageBase, toEventJson } from '../event/presenter';
import {
  convenienceFeeDocuments,
  countGuestBuyers,
  istDayBounds,
  moneyLines,
  soldCounts,
} from './analytics-repo';

// GET /admin/analytics/dashboard (docs/product.md#analytics). Revenue is @utsav/domain/revenue's rule over the rows
// analytics-repo.ts sums; every figure is counted from rows now, in Asia/Kolkata.

export interface Dashboard {
  /**
   * Rupees, exact to the paisa: the total, today's, and what the total is made of. `convenienceFees` is the part
   * of `ticketSales` that is convenience fees, read from the documents (docs/decisions/1407-fee-revenue.md).
   */
  revenue: ReturnType<typeof revenueInRupees> & { today: number; convenienceFees: number };
  tickets: { total: number; soldToday: number };
  /** Every account, and the guests among them (conversion's denominator). */
  users: { total: number; guests: number };
  analytics: { averageTicketValue: number; conversionRate: number };
  event: { soldTickets: number; availableTickets: number; soldPercentage: number; ticketPrice: number };
  /**
   * Every IST day with a sale, a refund or a convenience fee documented, ascending (the screen shows the last 7);
   * `convenienceFees` the fees the day's documents kept (rupees, a credit note's on the day it gave them back).
   */
  salesChart: Array<SalesBucket<string> & { convenienceFees: number }>;
  /** Today's IST hours (0-23) with a sale or a refund, ascending. */
  hourlySales: SalesBucket<number>[];
}

export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const now = ctx.now();
  const today = istDayBounds(now);
  const [dailySold, dailyMoney, hourlySold, hourlyMoney, users, guests, guestBuyers, event, feeDocuments] =
    await Promise.all([
      soldCounts<string>(ctx.db, 'day'),
      moneyLines<string>(ctx.db, 'day'),
      soldCounts<number>(ctx.db, 'hour', today),
      moneyLines<number>(ctx.db, 'hour', today),
      countUsers(ctx.db),
      countUsers(ctx.db, { role: 'guest' }),
      countGuestBuyers(ctx.db),
      findCurrentEvent(ctx.db),
      convenienceFeeDocuments(ctx.db),
    ]);
  const fees = feeDocumentsOf(feeDocuments);
  const salesChart = withDailyFees(salesBuckets(dailySold, dailyMoney), convenienceFeeRevenueByDay(fees));
  const hourlySales = salesBuckets(hourlySold, hourlyMoney);
  // Totals come from the daily lines: the chart and the cards can never disagree.
  const revenue = revenueInRupees(revenueOf(dailyMoney));
  const sold = dailySold.reduce((sum, part) => sum + part.count, 0);
  const todayBucket = salesChart.find((bucket) => bucket._id === today.day);

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
    revenue: {
      ...revenue,
      today: todayBucket?.revenue ?? 0,
      convenienceFees: paiseToRupees(convenienceFeeRevenuePaise(fees)),
    },
    tickets: { total: sold, soldToday: todayBucket?.count ?? 0 },
    users: { total: users, guests },
    analytics: {
      averageTicketValue: averageTicketValue(revenue.total, sold),
      conversionRate: conversionRate(guestBuyers, guests),
    },
    event: eventFigures,
    salesChart,
    hourlySales,
  };
}

function feeDocumentsOf(
  documents: Array<{ kind: string; lines: string; issued_at: string }>,
): Array<FeeRevenueDocument & { issuedAt: string }> {
  return documents.map((document) => ({
    kind: document.kind as FeeRevenueDocument['kind'],
    lines: JSON.parse(document.lines) as FeeRevenueDocument['lines'],
    issuedAt: String(document.issued_at),
  }));
}

/** Each day's fees on its bucket; a day with fees documented and no money line gets a bucket of its own. */
function withDailyFees(
  buckets: SalesBucket<string>[],
  feesByDay: Map<string, number>,
): Dashboard['salesChart'] {
  const days = new Map(buckets.map((bucket) => [bucket._id, { ...bucket, convenienceFees: 0 }]));
  for (const [day, paise] of feesByDay) {
    const bucket = days.get(day) ?? { _id: day, count: 0, revenue: 0, convenienceFees: 0 };
    days.set(day, { ...bucket, convenienceFees: paiseToRupees(paise) });
  }
  return [...days.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}
