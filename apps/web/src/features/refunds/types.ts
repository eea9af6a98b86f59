import type { Ticket } from '@utsav/domain/api/tickets';
import { REFUND_STATUS_LABELS, REFUND_STATUSES, type RefundStatus } from '@utsav/domain/refunds';

// A refund as the refund calls return it (docs/contracts.md), normalised once at the edge.

export interface RefundHistoryEntry {
  status: RefundStatus;
  timestamp: string | null;
  notes: string;
}

export interface Refund {
  id: string;
  /** The short reference (RF-…) a guest quotes to support. */
  refundId: string;
  originalAmount: number;
  processingFee: number;
  refundAmount: number;
  status: RefundStatus;
  statusLabel: string;
  reason: string;
  createdAt: string | null;
  processedAt: string | null;
  ticketId: string;
  eventName: string;
  /** Staff views only. */
  user: { name: string; email: string } | null;
  statusHistory: RefundHistoryEntry[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const amount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function isRefundStatus(value: unknown): value is RefundStatus {
  return typeof value === 'string' && (REFUND_STATUSES as readonly string[]).includes(value);
}

export function toRefund(raw: unknown): Refund | null {
  if (!raw || typeof raw !== 'object') return null;
  const refund = raw as Record<string, unknown>;
  const id = text(refund.id) ?? text(refund._id);
  if (!id) return null;
  const status = isRefundStatus(refund.status) ? refund.status : 'pending';
  const ticket = (refund.ticket && typeof refund.ticket === 'object' ? refund.ticket : {}) as Record<
    string,
    unknown
  >;
  const user =
    refund.user && typeof refund.user === 'object' ? (refund.user as Record<string, unknown>) : null;
  const history = Array.isArray(refund.statusHistory) ? refund.statusHistory : [];
  return {
    id,
    refundId: text(refund.refundId) ?? id,
    originalAmount: amount(refund.originalAmount),
    processingFee: amount(refund.processingFee),
    refundAmount: amount(refund.refundAmount),
    status,
    statusLabel: text(refund.statusLabel) ?? REFUND_STATUS_LABELS[status],
    reason: text(refund.reason) ?? '',
    createdAt: text(refund.createdAt),
    processedAt: text(refund.processedAt),
    ticketId: text(ticket.ticketId) ?? text(ticket.id) ?? '',
    eventName: text(ticket.eventName) ?? '',
    user: user ? { name: text(user.name) ?? '', email: text(user.email) ?? '' } : null,
    statusHistory: history
      .filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === 'object')
      .map((entry) => ({
        status: isRefundStatus(entry.status) ? entry.status : status,
        timestamp: text(entry.timestamp),
        notes: text(entry.notes) ?? '',
      })),
  };
}

export function toRefunds(raw: unknown): Refund[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toRefund).filter((refund): refund is Refund => refund !== null);
}

/** What the cancel dialog needs to know about a ticket. */
export type CancellableTicket = Pick<
  Ticket,
  'id' | 'ticketId' | 'eventName' | 'price' | 'status' | 'metadata' | 'receivedByTransfer'
>;
