import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// The answer of the admin's sales analytics. Rupees. Shapes only: see tickets.ts.

/** `convenienceFees`: the part of the day's revenue that is convenience fees kept, read from its documents. */
const dayBucket = lazySchema(() =>
  z.object({
    _id: z.string(),
    count: z.number(),
    revenue: z.number(),
    convenienceFees: z.number(),
  }),
);
const hourBucket = lazySchema(() => z.object({ _id: z.number(), count: z.number(), revenue: z.number() }));

/** GET /admin/analytics/dashboard. */
export const analyticsResponseSchema = lazySchema(() =>
  z.object({
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
        /**
         * The convenience fees kept, part of `ticketSales`: fee lines of sales' documents less those of credit notes
         * (a call-off gives the fee back, a guest's cancellation keeps it; @utsav/domain/convenience-fee-revenue).
         */
        convenienceFees: z.number(),
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
  }),
);

export type Analytics = z.infer<typeof analyticsResponseSchema>['data'];

const sold = { tickets: z.number().int(), people: z.number().int(), revenue: z.number() };

/**
 * The revenue split for GST (@utsav/domain/sales-tax): `gross` what buyers paid (the revenue of paid tickets),
 * `tax` the GST in it under the organiser's current tax settings (0 when not registered or exempt), `net` gross −
 * tax. Rupees. Admission only: fees stay in the dashboard's revenue.
 */
const taxSplit = { gross: z.number(), tax: z.number(), net: z.number() };

/**
 * GET /admin/analytics/sales-breakdown: per ticket type, per price phase and per promo code, what was sold
 * (@utsav/domain/sales-breakdown), with the totals; rupees. Every type, phase and code of the event is listed,
 * those that sold nothing too, in the organiser's order.
 */
export const salesBreakdownResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      types: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          colour: z.string(),
          admits: z.number().int(),
          hidden: z.boolean(),
          archived: z.boolean(),
          ...sold,
          ...taxSplit,
        }),
      ),
      /** id null: tickets sold at no phase (the type's own price, or issued by hand), one row for all types. */
      phases: z.array(
        z.object({
          id: z.string().nullable(),
          label: z.string().nullable(),
          ticketTypeId: z.string().nullable(),
          typeName: z.string().nullable(),
          ...sold,
        }),
      ),
      codes: z.array(
        z.object({
          id: z.string(),
          code: z.string(),
          tickets: z.number().int(),
          people: z.number().int(),
          orders: z.number().int(),
          discount: z.number(),
          revenue: z.number(),
        }),
      ),
      totals: z.object({ ...sold, discount: z.number(), ...taxSplit }),
    }),
  }),
);

export type SalesBreakdownAnswer = z.infer<typeof salesBreakdownResponseSchema>['data'];
