import { z } from 'zod';

// The answer of the admin's sales analytics. Rupees. Shapes only: see tickets.ts.

const dayBucket = z.object({ _id: z.string(), count: z.number(), revenue: z.number() });
const hourBucket = z.object({ _id: z.number(), count: z.number(), revenue: z.number() });

/** GET /admin/analytics/dashboard. */
export const analyticsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    revenue: z.object({
      total: z.number(),
      today: z.number(),
      /** What the total is made of: ticket sales kept, fees kept, money sent back (@utsav/domain/revenue). */
      ticketSales: z.number(),
      cancellationFees: z.number(),
      transferFees: z.number(),
      refunded: z.number(),
    }),
    tickets: z.object({ total: z.number(), soldToday: z.number() }),
    users: z.object({ total: z.number(), guests: z.number() }),
    analytics: z.object({ averageTicketValue: z.number(), conversionRate: z.number() }),
    event: z.object({
      soldTickets: z.number(),
      availableTickets: z.number(),
      soldPercentage: z.number(),
      ticketPrice: z.number(),
    }),
    /** Sales per IST day (YYYY-MM-DD) and per hour of the day (0-23). */
    salesChart: z.array(dayBucket),
    hourlySales: z.array(hourBucket),
  }),
});

export type Analytics = z.infer<typeof analyticsResponseSchema>['data'];
