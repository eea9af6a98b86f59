import type { EventStatus } from '@utsav/domain/event-change';
import type { Role } from '@utsav/domain/roles';
import type { WaitlistEntryStatus } from '@utsav/domain/waitlist';
import type { CallOffCodesTable, CallOffOrdersTable, EventChangesTable } from './schema-event-changes';
import type { IdempotencyKeysTable } from './schema-idempotency';
import type { GuestMessageMailsTable, GuestMessagesTable } from './schema-messages';
import type { CheckoutQuestionsTable } from './schema-questions';
import type { ResaleListingsTable, ResaleSettingsTable } from './schema-resale';
import type {
  OrderLinesTable,
  PricePhasesTable,
  PromoCodesTable,
  SalesCountersTable,
  TicketTypesTable,
} from './schema-sales';
import type {
  TaxDocumentCountersTable,
  TaxDocumentsTable,
  TaxDocumentTicketsTable,
  TaxSettingsTable,
} from './schema-tax';

// Row types as the repositories see them. Timestamps are ISO-8601 UTC strings on both engines
// (the PostgreSQL pool parses timestamptz back into ISO text), money is integer paise.

export interface UsersTable {
  id: string;
  firebase_uid: string | null;
  email: string;
  name: string;
  photo_url: string | null;
  phone: string | null;
  role: Role;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  deleted_at: string | null;
  /** en, hi or gu once known (migration 0015): emails and PDFs are written in it. */
  language: string | null;
}

export interface EventsTable {
  id: string;
  name: string;
  venue: string;
  description: string;
  /** IST calendar date, YYYY-MM-DD. */
  date: string;
  start_time: string;
  end_time: string;
  ticket_price_paise: number;
  group_price4_paise: number | null;
  total_tickets: number;
  image_id: string | null;
  /** JSON array of strings. */
  features: string;
  about_text: string | null;
  /** Ed25519 key pair (base64url) that signs this event's ticket QR tokens; see @utsav/domain/qr-token. */
  qr_public_key: string | null;
  qr_private_key: string | null;
  /** When checkout opens (ISO instant); null: open now. */
  sales_open_at: string | null;
  /** 0 or 1: a ticket holder may go out and come back in (pass-out). */
  reentry_allowed?: number;
  /** When the event went on sale (migration 0030); null: a draft only staff see, with no checkout. */
  published_at: string | null;
  /**
   * Moved by triggers whenever a ticket type, price phase or promo code of the event is written (migration 0026):
   * a per-instance copy of the price list is valid while this is unchanged.
   */
  sales_version?: number;
  /** On sale, postponed or called off (migration 0039); the column's default is 'on-sale'. */
  status?: EventStatus;
  status_changed_at?: string | null;
  /** ISO instant: until then a postponement lets holders give tickets back in full. */
  free_refund_until?: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventImagesTable {
  /** sha256 of the bytes: the same picture uploaded twice is stored once. */
  id: string;
  content_type: string;
  bytes: Buffer;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON object. */
  data: string | null;
  created_at: string;
}

export type OrderStatus = 'created' | 'paid' | 'expired' | 'refunded' | 'failed' | 'cancelled';

/** One checkout: while `created` and before hold_expires_at it is a hold on `quantity` seats. */
export interface OrdersTable {
  id: string;
  razorpay_order_id: string | null;
  user_id: string;
  event_id: string;
  quantity: number;
  price_per_ticket_paise: number;
  amount_paise: number;
  pricing_tier: string;
  status: OrderStatus;
  hold_expires_at: string;
  razorpay_payment_id: string | null;
  razorpay_refund_id: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** When Razorpay reported the late-payment refund (razorpay_refund_id) processed. */
  refund_settled_at: string | null;
  /** JSON array: who each ticket is for, named at checkout (migration 0019); null: the buyer's name. */
  ticket_names?: string | null;
  /** People the order's tickets admit (migration 0024); null: one per ticket. */
  people?: number | null;
  promo_code_id?: string | null;
  /** Paise the code took off the whole order. */
  discount_paise?: number;
  /** The buyer's GST details given at checkout (migration 0036); null: none given. */
  buyer_gstin?: string | null;
  buyer_legal_name?: string | null;
  buyer_address?: string | null;
  /** JSON array of the buyer's answers to the checkout questions (migration 0042); null: none asked or given. */
  checkout_answers?: string | null;
  /** The convenience fee the buyer paid on top, part of amount_paise (migration 0046); null or 0: none. */
  convenience_fee_paise?: number | null;
  /** The fee's rule as it was sold (@utsav/domain/convenience-fee ruleToText); null: none on top. */
  convenience_fee_rule?: string | null;
  updated_at: string;
}

export type TicketStatus = 'active' | 'used' | 'cancelled';

export interface TicketsTable {
  id: string;
  /** Short human-readable reference shown as ticketId. */
  ticket_code: string;
  /** Null for tickets issued by staff without an order. */
  order_id: string | null;
  /** 1..quantity within its order; UNIQUE(order_id, seq) makes issuance exactly-once. */
  seq: number;
  event_id: string;
  user_id: string;
  holder_name: string;
  price_paise: number;
  status: TicketStatus;
  /** The signed QR token (UT1.…). */
  qr_token: string;
  /** 0 or 1 on both engines. */
  issued_by_admin: number;
  issued_by_user_id: string | null;
  notes: string | null;
  /** 0 or 1 on both engines. */
  payment_received: number;
  /** The FIRST admission (the ticket's entryTime); re-entries never move it. */
  used_at: string | null;
  scanned_by_user_id: string | null;
  /** The latest admission; equals used_at until a re-entry. */
  last_entry_at?: string | null;
  /** Set while the holder is outside again after an exit; null when inside or never admitted. */
  exited_at?: string | null;
  cancelled_at: string | null;
  cancellation_reason: string | null;
  created_at: string;
  updated_at: string;
  /** Set on a ticket revoked by a transfer (its status is 'cancelled'); migration 0014. */
  transferred_at?: string | null;
  /** Set on a ticket its resale cancelled (status 'cancelled'), in the sale's transaction; migration 0045. */
  resold_at?: string | null;
  /** On a ticket issued by a transfer: the sender's ticket it replaced. */
  transferred_from_ticket_id?: string | null;
  /** Migration 0024: its type (set to the event's default type when written without one), phase and code. */
  ticket_type_id?: string | null;
  phase_id?: string | null;
  /** Set only on a ticket that took a use of the code. */
  promo_code_id?: string | null;
  /** People it admits. */
  admits?: number;
  /** Paise the code took off this ticket; price_paise is what was paid for it. */
  discount_paise?: number;
}

export type TransferStatus = 'created' | 'completed' | 'failed' | 'expired';

/** A transfer of one ticket to another person, paid for with the transfer fee (migration 0014). */
export interface TicketTransfersTable {
  id: string;
  ticket_id: string;
  from_user_id: string;
  recipient_email: string;
  recipient_name: string;
  recipient_user_id: string | null;
  new_ticket_id: string | null;
  fee_paise: number;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  razorpay_refund_id: string | null;
  status: TransferStatus;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface PaymentEventsTable {
  /** x-razorpay-event-id. */
  id: string;
  event: string;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  razorpay_refund_id: string | null;
  /** The verified webhook body as received. */
  payload: string;
  received_at: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: string;
  kind: string;
  /** JSON object. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export type ScanAction = 'verify' | 'mark' | 'exit' | 'sync' | 'undo';
export type ScanResult =
  | 'admitted'
  | 'exited'
  | 'already_used'
  | 'not_inside'
  | 'reentry_closed'
  | 'cancelled'
  | 'transferred'
  | 'not_found'
  | 'invalid'
  | 'verified'
  /** An admission taken back at the gate (its own row and the undo's row, migration 0034). */
  | 'undone'
  /** A resold ticket refused (migration 0045). */
  | 'resold';
/** Which way the guest passed the gate (migration 0013). */
export type ScanDirection = 'in' | 'out';
/** How the gate found the ticket: its QR, its code typed in, or a search by name/email/code. */
export type ScanMethod = 'scan' | 'typed' | 'search';

/**
 * One scan at a gate (online verify/mark, or an offline admission synced later). Append-only, but for one change:
 * an admission taken back at the gate within seconds becomes 'undone' (modules/checkin/undo.ts).
 */
export interface CheckinScansTable {
  id: string;
  /** The ticket a verified code named (even when no such ticket exists); null when the code did not verify. */
  ticket_id: string | null;
  checker_user_id: string;
  device_id: string | null;
  gate: string | null;
  action: ScanAction;
  result: ScanResult;
  /** The device's id for an offline admission; unique per device (where not null), so sync replays are no-ops. */
  local_id: string | null;
  /**
   * When the gate scanned: request time online; for offline ones the device's clock, clamped to no earlier than
   * the snapshot it used (or the event day's start in IST) and no later than created_at.
   */
  scanned_at: string;
  /** When the server received the scan (for a synced admission, the sync's receive time). */
  created_at: string;
  /** 'in' unless an exit (migration 0013). */
  direction?: ScanDirection;
  method?: ScanMethod;
}

/** A gate phone's last contact (migration 0013): one row per device, upserted by its heartbeat and scans. */
export interface CheckinDevicesTable {
  device_id: string;
  gate: string | null;
  checker_user_id: string;
  /** Offline admissions and exits the device still holds, as it last said. */
  queued: number;
  last_seen_at: string;
}

/** An offline ticket list a volunteer downloaded (migration 0025): its generatedAt, by the server's clock. */
export interface CheckinSnapshotDownloadsTable {
  checker_user_id: string;
  generated_at: string;
  event_id: string;
}

export type RefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'cancelled';

/** One refund per cancelled ticket: a partial refund of its order's Razorpay payment. */
export interface RefundsTable {
  id: string;
  /** RF-XXXXXXXXXX, shown as refundId. */
  refund_code: string;
  ticket_id: string;
  order_id: string;
  user_id: string;
  /** Razorpay pay_… id of the order's payment. */
  payment_id: string;
  /** Razorpay rfnd_… id of the current attempt; null until Razorpay accepted it. */
  razorpay_refund_id: string | null;
  original_amount_paise: number;
  processing_fee_paise: number;
  refund_amount_paise: number;
  status: RefundStatus;
  reason: string;
  /** rf-<id>-<attempts>, sent as X-Refund-Idempotency. */
  idempotency_key: string;
  /** Attempt number: 1, then +1 per admin retry of a failed refund. */
  attempts: number;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
  last_error: string | null;
  /** Of original_amount_paise, the ticket's convenience fee given back with it (migration 0046; a call-off's). */
  convenience_fee_paise?: number;
}

/** Append-only: one row per status change of a refund (its statusHistory). */
export interface RefundStatusHistoryTable {
  id: string;
  refund_id: string;
  status: RefundStatus;
  notes: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  events: EventsTable;
  event_images: EventImagesTable;
  audit_log: AuditLogTable;
  orders: OrdersTable;
  tickets: TicketsTable;
  payment_events: PaymentEventsTable;
  outbox: OutboxTable;
  checkin_scans: CheckinScansTable;
  checkin_devices: CheckinDevicesTable;
  checkin_snapshot_downloads: CheckinSnapshotDownloadsTable;
  refunds: RefundsTable;
  refund_status_history: RefundStatusHistoryTable;
  duplicate_payments: DuplicatePaymentsTable;
  event_inventory: EventInventoryTable;
  queue_state: QueueStateTable;
  queue_entries: QueueEntriesTable;
  ticket_qr_images: TicketQrImagesTable;
  ticket_transfers: TicketTransfersTable;
  waitlist_entries: WaitlistEntriesTable;
  ticket_types: TicketTypesTable;
  price_phases: PricePhasesTable;
  promo_codes: PromoCodesTable;
  order_lines: OrderLinesTable;
  sales_counters: SalesCountersTable;
  organiser: OrganiserTable;
  staff_invitations: StaffInvitationsTable;
  tax_settings: TaxSettingsTable;
  tax_documents: TaxDocumentsTable;
  tax_document_counters: TaxDocumentCountersTable;
  tax_document_tickets: TaxDocumentTicketsTable;
  event_changes: EventChangesTable;
  call_off_orders: CallOffOrdersTable;
  call_off_codes: CallOffCodesTable;
  resale_listings: ResaleListingsTable;
  resale_settings: ResaleSettingsTable;
  guest_messages: GuestMessagesTable;
  guest_message_mails: GuestMessageMailsTable;
  checkout_questions: CheckoutQuestionsTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** The one organiser profile (migration 0030; rules in @utsav/domain/organiser). */
export interface OrganiserTable {
  /** Always 'organiser': the table holds at most one row. */
  id: string;
  name: string;
  tagline: string | null;
  support_email: string;
  support_phone: string | null;
  support_hours: string | null;
  /** JSON object of the social links that are set. */
  social_links: string;
  logo_image_id: string | null;
  legal_name: string | null;
  address: string | null;
  updated_by: string | null;
  updated_at: string;
}

/** A role given by email before the person has an account (migration 0030; @utsav/domain/staff-invitations). */
export interface StaffInvitationsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  role: 'admin' | 'manager' | 'qrchecker';
  /** en, hi or gu: the language of the invitation email. */
  language: string;
  invited_by: string | null;
  created_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** A ticket token's QR as a PNG data URL (migration 0009), made once and read with the ticket. */
export interface TicketQrImagesTable {
  token: string;
  image: string;
  created_at: string;
}

/** The waiting room's counters for one event (migration 0010; rules in @utsav/domain/waiting-room). */
export interface QueueStateTable {
  event_id: string;
  /** Bumped on every change: writers outside the row lock compare-and-set on it. */
  version: number;
  last_rank: number;
  admitted_through: number;
  /** People who joined before the opening and are not yet drawn. */
  pending_draw: number;
  tokens: number;
  refilled_at: string;
  last_join_at: string | null;
  busy_until: string | null;
}

/** One place in line per account. */
export interface QueueEntriesTable {
  event_id: string;
  user_id: string;
  /** Null until the draw at the opening. */
  rank: number | null;
  joined_at: string;
  /** When this person's turn came; the pass runs until pass_expires_at. */
  admitted_at: string | null;
  pass_expires_at: string | null;
}

/** A second captured payment for an order already settled: refunded in full (migration 0006). */
export interface DuplicatePaymentsTable {
  payment_id: string;
  order_id: string;
  amount_paise: number;
  razorpay_refund_id: string | null;
  refund_settled_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type UserRow = UsersTable;
export type EventRow = EventsTable;
export type OrderRow = OrdersTable;
export type TicketRow = TicketsTable;
export type RefundRow = RefundsTable;
export type DuplicatePaymentRow = DuplicatePaymentsTable;

/**
 * Active + used tickets per event, kept by triggers on tickets in the writing transaction (migration 0011).
 * Read-only for the code: never written by hand.
 */
export interface EventInventoryTable {
  event_id: string;
  tickets_sold: number;
  /** Seats of the event's orders still `created`, expired or not (migration 0020). */
  seats_in_holds: number;
}
export type TransferRow = TicketTransfersTable;

/** A place in the waitlist (migration 0016); see @utsav/domain/waitlist for the statuses. */
export interface WaitlistEntriesTable {
  id: string;
  event_id: string;
  /** The type this place waits for (migration 0024); null: the default type. */
  ticket_type_id?: string | null;
  /** 1: waits in its type's own line (the type sold out, the event not: migration 0037); 0: the event's line. */
  type_line?: number;
  user_id: string;
  quantity: number;
  status: WaitlistEntryStatus;
  joined_at: string;
  /** The hold (orders row) of this place's offer, once made. */
  offer_order_id: string | null;
  offered_at: string | null;
  ended_at: string | null;
  updated_at: string;
}

export type WaitlistEntryRow = WaitlistEntriesTable;
