import { rupeesToPaise } from './pricing';

// What the audit log's entries mean to a person. The server writes each entry under an action name
// ('order.paid') with the facts of the change as a JSON object; this module is the one place that says what each
// action is called and what each recorded fact is, in English (translations in ./messages/{hi,gu}.json, keyed
// by the English, as every shared sentence). The server's audit writer accepts only the actions named here (its
// type is AuditAction), so an action without a label cannot be written; the viewer shows an entry written
// before an action was named here under its raw name.

/** Every action the server records, and what a person calls it. */
export const AUDIT_ACTION_LABELS = {
  'checkout-questions.saved': 'Checkout questions saved',
  'event.called-off': 'Night called off',
  'event.created': 'Event created',
  'event.postponed': 'Night postponed or moved',
  'event.published': 'Event published',
  'event.updated': 'Event details changed',
  'invitation.accepted': 'Staff invitation accepted',
  'invitation.created': 'Staff invitation sent',
  'invitation.revoked': 'Staff invitation withdrawn',
  'message.sent': 'Message sent to guests',
  'message.test-sent': 'Test message sent',
  'order.called-off-refunds': 'Order refunded for the call-off',
  'order.created': 'Order started',
  'order.duplicate_payment_refunded': 'Second payment refunded',
  'order.expired': 'Order expired unpaid',
  'order.failed': 'Order could not be started',
  'order.late_payment_refund_owed': 'Late payment to be refunded',
  'order.paid': 'Order paid, tickets issued',
  'order.refund_failed': 'Refund of a late payment failed',
  'order.refunded': 'Late payment refunded',
  'organiser.created': 'Organiser details added',
  'organiser.updated': 'Organiser details changed',
  'promo_code.created': 'Promo code created',
  'promo_code.deleted': 'Promo code deleted',
  'promo_code.updated': 'Promo code changed',
  'refund.cancelled': 'Refund cancelled',
  'refund.failed': 'Refund failed',
  'refund.pending': 'Refund waiting to be sent',
  'refund.processed': 'Refund completed',
  'refund.processing': 'Refund sent to Razorpay',
  'refund.retried': 'Refund tried again',
  'resale.listed': 'Ticket put up for resale',
  'resale.settings': 'Resale settings changed',
  'resale.withdrawn': 'Ticket taken off resale',
  'tax-settings.created': 'Tax settings added',
  'tax-settings.updated': 'Tax settings changed',
  'ticket.cancelled': 'Ticket cancelled by its holder',
  'ticket.deleted': 'Ticket deleted',
  'ticket.holder-named': 'Ticket holder’s name changed',
  'ticket.status_change_undone': 'Ticket status change undone',
  'ticket.status_changed': 'Ticket status changed',
  'ticket.transferred': 'Ticket transferred',
  'ticket_type.created': 'Ticket type created',
  'ticket_type.deleted': 'Ticket type deleted',
  'ticket_type.reordered': 'Ticket types reordered',
  'ticket_type.updated': 'Ticket type changed',
  'tickets.issued_manually': 'Tickets issued by hand',
  'transfer.created': 'Transfer started',
  'transfer.failed': 'Transfer failed',
  'user.admin_assigned': 'Made an admin',
  'user.created': 'Account created',
  'user.deleted': 'Account deleted',
  'user.linked': 'Google sign-in linked to an account',
  'user.role_changed': 'Role changed',
  'waitlist.bought': 'Waiting-list offer bought',
  'waitlist.expired': 'Waiting-list offer lapsed',
  'waitlist.joined': 'Joined the waiting list',
  'waitlist.left': 'Left the waiting list',
  'waitlist.offered': 'Waiting-list place offered',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS).sort() as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** The English label of an action, or null for a name this version does not know (kept as written). */
export function auditActionLabel(action: string): string | null {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : null;
}

/** What each recorded fact is called, by its key in an entry's data. A key not listed is shown as written. */
export const AUDIT_FIELD_LABELS = {
  about_text: 'About the night',
  address: 'Address',
  admits: 'Admits',
  after: 'Now',
  amountPaise: 'Amount',
  attempt: 'Attempt',
  audience: 'Audience',
  before: 'Before',
  basis: 'Charged as',
  bulk: 'Part of a bulk change',
  cancellation_reason: 'Cancellation reason',
  cancelled_at: 'Cancelled at',
  changeId: 'Change undone',
  changed: 'Changed',
  closeHoursBefore: 'Resale closes (hours before the start)',
  code: 'Code',
  codeRequired: 'Confirmation code asked',
  convenienceFee: 'Convenience fee',
  convenienceFeePaise: 'Convenience fee',
  date: 'Date',
  daysRemaining: 'Days before the night',
  description: 'Description',
  discountPaise: 'Discount',
  email: 'Email',
  enabled: 'On',
  endTime: 'Ends',
  end_time: 'Ends',
  exited_at: 'Went out at',
  features: 'Highlights',
  fee: 'Fee',
  feePaise: 'Fee',
  free: 'Free',
  freeRefundUntil: 'Free refunds until',
  from: 'Changed from',
  fullRefund: 'Full refund',
  gstin: 'GSTIN',
  holdsReleased: 'Holds released',
  ids: 'Ticket types',
  image_id: 'Picture',
  invitedBy: 'Invited by',
  issuedByUserId: 'Issued by',
  kind: 'Kind',
  languages: 'Languages',
  last_entry_at: 'Last entry at',
  late: 'Paid after the hold ran out',
  listed: 'Listed as an admin',
  name: 'Name',
  newTicketId: 'New ticket',
  notes: 'Notes',
  orderId: 'Order',
  orders: 'Orders',
  overLimit: 'Over the limit',
  paidBy: 'Paid by',
  paymentDone: 'Payment received',
  paymentId: 'Razorpay payment',
  paymentReceived: 'Payment received',
  percent: 'Percent',
  pricePaise: 'Price',
  pricePerTicketPaise: 'Price per ticket',
  previousError: 'Previous error',
  promoCodeId: 'Promo code',
  published: 'Published',
  quantity: 'Tickets',
  questions: 'Questions',
  razorpayRefundId: 'Razorpay refund',
  reason: 'Reason',
  recipientEmail: 'Recipient’s email',
  recipientUserId: 'Recipient',
  recipients: 'Recipients',
  refundAmountPaise: 'Refund',
  refundId: 'Refund',
  refundIds: 'Refunds',
  refundPaise: 'Refund',
  refundTotalPaise: 'Total to refund',
  reentry_allowed: 'Re-entry allowed',
  registered: 'GST registered',
  replaced: 'Replaced an earlier invitation',
  resale: 'Resold tickets',
  revenuePaise: 'Revenue change',
  role: 'Role',
  scanned_by_user_id: 'Scanned by',
  sales_open_at: 'Sales open at',
  source: 'Source',
  startTime: 'Starts',
  start_time: 'Starts',
  status: 'Status',
  subject: 'Subject',
  taken: 'Seats taken',
  ticketCode: 'Ticket code',
  ticketId: 'Ticket',
  ticketIds: 'Tickets',
  ticketNames: 'Names on the tickets',
  ticketTypeId: 'Ticket type',
  ticketTypeIds: 'Ticket types',
  ticket_price_paise: 'Ticket price',
  tickets: 'Tickets',
  to: 'Changed to',
  total: 'Capacity',
  total_tickets: 'Capacity',
  transferId: 'Transfer',
  typeLine: 'Waiting for this type only',
  used_at: 'Admitted at',
  userId: 'Holder',
  value: 'Amount or percent',
  venue: 'Venue',
  via: 'How',
} as const;

/**
 * Recorded codes that have words (a role, a status, where news came from, why something happened); shown
 * translated where a fact is one of these, as written otherwise (a name, an email, a free-text reason).
 */
export const AUDIT_VALUE_LABELS = {
  active: 'Active',
  admin: 'Admin',
  admitted: 'Admitted guests',
  bootstrap: 'First admin of a new install',
  cancelled: 'Cancelled',
  'called-off': 'The night was called off',
  checker: 'Gate volunteer',
  buyer: 'The buyer',
  'duplicate-payment': 'A second payment for one order',
  fixed: 'A fixed amount per ticket',
  guest: 'Guest',
  holders: 'Every ticket holder',
  'late-payment-sold-out': 'Paid too late: sold out meanwhile',
  listed: 'On the admin list',
  'manual-issuance': 'Tickets issued by hand',
  manager: 'Manager',
  'no-razorpay-order': 'No Razorpay order was made',
  'not-admitted': 'Guests not yet admitted',
  organiser: 'The organiser',
  'owner-deleted': 'The buyer’s account was deleted',
  percent: 'A percentage of the price',
  poll: 'Asked Razorpay',
  qrchecker: 'Gate volunteer',
  razorpay: 'Razorpay did not answer',
  reconcile: 'Nightly check with Razorpay',
  'resale-seller-won': 'The seller used or cancelled the ticket first',
  send: 'Sent by us',
  transfer: 'Receiving a transferred ticket',
  'unknown-at-razorpay': 'Razorpay does not know the order',
  unpaid: 'Not paid in time',
  used: 'Used',
  verify: 'Checkout confirmation',
  waitlist: 'The waiting list',
  webhook: 'Razorpay notice',
} as const;

/** What an entry is about, by the kind the server records ('order', 'ticket', …). */
export const AUDIT_ENTITY_LABELS = {
  event: 'Event',
  invitation: 'Staff invitation',
  message: 'Message',
  order: 'Order',
  organiser: 'Organiser',
  promo_code: 'Promo code',
  refund: 'Refund',
  resale: 'Resale',
  tax_settings: 'Tax settings',
  ticket: 'Ticket',
  ticket_type: 'Ticket type',
  transfer: 'Transfer',
  user: 'Account',
  waitlist: 'Waiting-list place',
} as const;

export function auditEntityLabel(entity: string): string {
  return Object.hasOwn(AUDIT_ENTITY_LABELS, entity)
    ? AUDIT_ENTITY_LABELS[entity as keyof typeof AUDIT_ENTITY_LABELS]
    : entity;
}

/** Yes and no, for facts that are true or false. */
export const AUDIT_YES = 'Yes';
export const AUDIT_NO = 'No';

/** A recorded fact, typed so each side can show it in the reader's language. */
export type AuditValue =
  | { kind: 'text'; text: string }
  | { kind: 'word'; text: string }
  | { kind: 'money'; paise: number }
  | { kind: 'count'; value: number }
  | { kind: 'yes-no'; value: boolean }
  | { kind: 'instant'; iso: string }
  | { kind: 'date'; date: string }
  | { kind: 'time'; time: string }
  | { kind: 'person'; userId: string }
  | { kind: 'ticket-type'; id: string }
  | { kind: 'ticket'; id: string }
  | { kind: 'list'; items: AuditValue[] }
  | { kind: 'group'; fields: AuditFact[] };

export interface AuditFact {
  key: string;
  /** The English label, or the key itself when it has none. */
  label: string;
  value: AuditValue;
}

const MONEY_KEY = /Paise$/;
const RUPEE_KEYS = new Set(['fee']);
const INSTANT_KEY = /(_at|At|Until)$/;
const PERSON_KEYS = new Set([
  'userId',
  'recipientUserId',
  'issuedByUserId',
  'invitedBy',
  'scanned_by_user_id',
]);
const TYPE_KEYS = new Set(['ticketTypeId', 'ticketTypeIds', 'ids']);
const TICKET_KEYS = new Set(['ticketId', 'newTicketId']);
/** Lists of ids that mean nothing to a reader: how many there are is what they tell. */
const COUNTED_KEYS = new Set(['ticketIds', 'refundIds', 'resale', 'questions']);
/** Facts that are names or free text however they read ('Active' may be a holder's name). */
const VERBATIM_ACTIONS = new Set<string>(['ticket.holder-named']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An entry's data as facts a person can read, in the order written: amounts as money, instants and dates as
 * such, people and ticket types by id for the reader's side to name, lists of ids as their count, codes as
 * words. Missing facts (null, an empty list or object) are left out.
 */
export function auditFacts(action: string, data: Record<string, unknown> | null): AuditFact[] {
  if (!data) return [];
  return factsOf(data, VERBATIM_ACTIONS.has(action));
}

function factsOf(data: Record<string, unknown>, verbatim: boolean): AuditFact[] {
  const facts: AuditFact[] = [];
  for (const [key, raw] of Object.entries(data)) {
    const value = factValue(key, raw, verbatim);
    if (value) facts.push({ key, label: fieldLabel(key), value });
  }
  return facts;
}

function fieldLabel(key: string): string {
  return Object.hasOwn(AUDIT_FIELD_LABELS, key)
    ? AUDIT_FIELD_LABELS[key as keyof typeof AUDIT_FIELD_LABELS]
    : key;
}

function factValue(key: string, raw: unknown, verbatim: boolean): AuditValue | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'boolean') return { kind: 'yes-no', value: raw };
  if (typeof raw === 'number') {
    if (MONEY_KEY.test(key)) return { kind: 'money', paise: raw };
    if (RUPEE_KEYS.has(key)) return { kind: 'money', paise: rupeesToPaise(raw) };
    return { kind: 'count', value: raw };
  }
  if (Array.isArray(raw)) {
    if (raw.length === 0) return null;
    if (COUNTED_KEYS.has(key)) return { kind: 'count', value: raw.length };
    const items = raw
      .map((item) => factValue(TYPE_KEYS.has(key) ? 'ticketTypeId' : key, item, verbatim))
      .filter((item): item is AuditValue => item !== null);
    return items.length > 0 ? { kind: 'list', items } : null;
  }
  if (typeof raw === 'object') {
    const fields = factsOf(raw as Record<string, unknown>, verbatim);
    return fields.length > 0 ? { kind: 'group', fields } : null;
  }
  const text = String(raw);
  if (PERSON_KEYS.has(key)) return { kind: 'person', userId: text };
  if (TYPE_KEYS.has(key)) return { kind: 'ticket-type', id: text };
  if (TICKET_KEYS.has(key)) return { kind: 'ticket', id: text };
  if (INSTANT_KEY.test(key) && ISO_INSTANT.test(text)) return { kind: 'instant', iso: text };
  if (DATE.test(text)) return { kind: 'date', date: text };
  if (TIME.test(text) && /(Time|_time)$/.test(key)) return { kind: 'time', time: text };
  if (!verbatim && Object.hasOwn(AUDIT_VALUE_LABELS, text)) {
    return { kind: 'word', text: AUDIT_VALUE_LABELS[text as keyof typeof AUDIT_VALUE_LABELS] };
  }
  return { kind: 'text', text };
}

export interface AuditFactRefs {
  userIds: Set<string>;
  typeIds: Set<string>;
  ticketIds: Set<string>;
}

/** Every person, ticket type and ticket the facts name, for the reader's side to look up once for a page. */
export function auditFactRefs(facts: readonly AuditFact[], into?: AuditFactRefs): AuditFactRefs {
  const refs = into ?? {
    userIds: new Set<string>(),
    typeIds: new Set<string>(),
    ticketIds: new Set<string>(),
  };
  const visit = (value: AuditValue): void => {
    if (value.kind === 'person') refs.userIds.add(value.userId);
    else if (value.kind === 'ticket-type') refs.typeIds.add(value.id);
    else if (value.kind === 'ticket') refs.ticketIds.add(value.id);
    else if (value.kind === 'list') value.items.forEach(visit);
    else if (value.kind === 'group') for (const fact of value.fields) visit(fact.value);
  };
  for (const fact of facts) visit(fact.value);
  return refs;
}
