import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { ticketSchema } from './tickets';

// The answers of ticket management (staff). Shapes only: see tickets.ts.

/**
 * A ticket as the staff list shows it: the ticket, and what decides which status changes the server allows, what
 * each does to money and whether it may be deleted (../ticket-status-change allowedStatusChanges,
 * statusChangeMoneyNote, ticketDeletionRefusal), so the screen offers exactly what the server accepts.
 */
export const adminTicketSchema = lazySchema(() =>
  ticketSchema.extend({
    /** A refund not called off holds this ticket's money: it can never be re-activated. */
    refunded: z.boolean(),
    /** For a ticket issued by hand: whether its payment (cash or UPI) was received. */
    paymentReceived: z.boolean(),
    /** Issued by an order (bought, or free through checkout): never deleted (ticketDeletionRefusal). */
    fromOrder: z.boolean(),
  }),
);

export type AdminTicket = z.infer<typeof adminTicketSchema>;

/** GET /admin/tickets/management (and /tickets/admin/all): one page of tickets. */
export const ticketPageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    tickets: z.array(adminTicketSchema),
    pagination: z.object({
      current: z.number(),
      total: z.number(),
      count: z.number(),
      totalTickets: z.number(),
    }),
  }),
);

export type TicketPage = z.infer<typeof ticketPageResponseSchema>;

/** GET /tickets/admin/stats: counts by shown status; sold = active + used; revenue in rupees. */
export const ticketStatsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    stats: z.object({
      total: z.number(),
      sold: z.number(),
      active: z.number(),
      used: z.number(),
      cancelled: z.number(),
      transferred: z.number(),
      revenue: z.number(),
      soldToday: z.number(),
    }),
  }),
);

export type TicketStats = z.infer<typeof ticketStatsResponseSchema>['stats'];

/** PATCH /tickets/admin/{id}/status: the ticket as changed. */
export const statusChangeResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    ticket: adminTicketSchema,
    /** Names this change for POST .../status/undo; null when the ticket already had the status. */
    changeId: z.string().nullable(),
  }),
);

/** POST /tickets/admin/{id}/status/undo: the ticket as it was before the change. */
export const statusUndoResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    ticket: adminTicketSchema,
  }),
);

/** PATCH /admin/tickets/bulk-update. */
export const bulkStatusResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    /** Tickets whose status changed (those already in the status are left as they are). */
    modifiedCount: z.number(),
    matchedCount: z.number(),
    tickets: z.array(adminTicketSchema),
    /** Each changed ticket and its change: what POST /admin/tickets/bulk-update/undo takes back. */
    changes: z.array(z.object({ ticketId: z.string(), changeId: z.string() })),
  }),
);

export const bulkUndoResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    tickets: z.array(adminTicketSchema),
  }),
);

export const CHECKIN_METHODS = ['scan', 'typed', 'search'] as const;

/** One pass through a gate, in or out. */
export const ticketPassSchema = lazySchema(() =>
  z.object({
    direction: z.enum(['in', 'out']),
    at: z.string(),
    gate: z.string().nullable(),
    deviceId: z.string().nullable(),
    scannedBy: z.object({ name: z.string() }).nullable(),
    /** scan, typed (the code typed in), search (found by name or email at the gate). */
    method: z.enum(CHECKIN_METHODS),
    offline: z.boolean(),
  }),
);

export type TicketPass = z.infer<typeof ticketPassSchema>;

/** GET /admin/tickets/{id}/checkins: a ticket's passes through the gates, in order. */
export const ticketPassesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    history: z.array(ticketPassSchema),
  }),
);
