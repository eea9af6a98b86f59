import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** One bucket of the daily chart (_id = YYYY-MM-DD) or of today's hourly sales (_id = hour 0-23). */
export interface SalesBucket {
  key: string;
  count: number;
  revenue: number;
}

/** GET /admin/analytics/dashboard → data.data, with every field of docs/product.md#analytics (zeros when absent). */
export interface Analytics {
  revenue: { total: number; today: number };
  tickets: { total: number; soldToday: number };
  users: { total: number };
  analytics: { averageTicketValue: number; conversionRate: number };
  event: {
    soldTickets: number;
    availableTickets: number;
    soldPercentage: number;
    ticketPrice: number;
  } | null;
  salesChart: SalesBucket[];
  hourlySales: SalesBucket[];
}

export const EMPTY_ANALYTICS: Analytics = {
  revenue: { total: 0, today: 0 },
  tickets: { total: 0, soldToday: 0 },
  users: { total: 0 },
  analytics: { averageTicketValue: 0, conversionRate: 0 },
  event: null,
  salesChart: [],
  hourlySales: [],
};

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const num = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 0;
};

function buckets(value: unknown): SalesBucket[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => {
    const raw = obj(entry);
    return {
      key: String(raw._id ?? raw.date ?? raw.hour ?? ''),
      count: num(raw.count),
      revenue: num(raw.revenue),
    };
  });
}

export function toAnalytics(raw: unknown): Analytics {
  const data = obj(raw);
  const event = data.event && typeof data.event === 'object' ? obj(data.event) : null;
  return {
    revenue: { total: num(obj(data.revenue).total), today: num(obj(data.revenue).today) },
    tickets: { total: num(obj(data.tickets).total), soldToday: num(obj(data.tickets).soldToday) },
    users: { total: num(obj(data.users).total) },
    analytics: {
      averageTicketValue: num(obj(data.analytics).averageTicketValue),
      conversionRate: num(obj(data.analytics).conversionRate),
    },
    event: event
      ? {
          soldTickets: num(event.soldTickets),
          availableTickets: num(event.availableTickets),
          soldPercentage: num(event.soldPercentage),
          ticketPrice: num(event.ticketPrice),
        }
      : null,
    salesChart: buckets(data.salesChart),
    hourlySales: buckets(data.hourlySales),
  };
}

export async function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  const body = await api.get<{ data?: unknown }>('/admin/analytics/dashboard', { signal });
  return toAnalytics(body?.data ?? body);
}

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'analytics'],
    queryFn: ({ signal }) => getAnalytics(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });

export function useAnalytics() {
  return useQuery(analyticsQueryOptions());
}
