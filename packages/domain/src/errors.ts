// Stable machine codes of the error envelope { success:false, error, code, errorType, details? }.

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  ALREADY_USED: 400,
  TICKET_CANCELLED: 400,
  CANCELLATION_WINDOW_CLOSED: 400,
  NOT_CANCELLABLE: 400,
  TICKET_NOT_ACTIVE: 400,
  TICKET_TRANSFERRED: 400,
  TRANSFER_NOT_ALLOWED: 400,
  TRANSFER_WINDOW_CLOSED: 400,
  /** Face-value resale (./resale.ts): closed (switched off or past the cut-off), the ticket refused (the body's
   * figures.reason says why), listed twice, not listed; the gate's refusal of a ticket resold. */
  RESALE_CLOSED: 400,
  TICKET_NOT_RESELLABLE: 400,
  ALREADY_LISTED: 409,
  NOT_LISTED: 409,
  TICKET_RESOLD: 400,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  INVALID_QR: 404,
  EVENT_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  REFUND_NOT_FOUND: 404,
  CONFLICT: 409,
  EVENT_EXISTS: 409,
  SOLD_OUT: 409,
  PRICE_CHANGED: 409,
  PERSON_LIMIT_REACHED: 409,
  /** A ticket type's tickets (or the event's people it needs) are gone; the message names the type. */
  TICKET_TYPE_SOLD_OUT: 409,
  /** The type is paused, archived, or outside its sales window. */
  TICKET_TYPE_NOT_ON_SALE: 409,
  /** The type's per-person limit. */
  TICKET_TYPE_LIMIT: 409,
  /** A type that sold tickets is archived, not deleted. */
  TICKET_TYPE_HAS_SALES: 409,
  /** The promo code given does not apply (wrong, expired, used up, not for these tickets). */
  PROMO_CODE_INVALID: 409,
  LAST_ADMIN: 409,
  SALES_NOT_OPEN: 409,
  QUEUE_REQUIRED: 409,
  NOT_IN_QUEUE: 404,
  NOT_SOLD_OUT: 409,
  ALREADY_ON_WAITLIST: 409,
  WAITLIST_CLOSED: 409,
  NOT_ON_WAITLIST: 404,
  NO_WAITLIST_OFFER: 409,
  /** The seller withdrew the listing a waitlist offer held before it was paid: the person waits again. */
  RESALE_OFFER_WITHDRAWN: 409,
  WAITLIST_OFFER_LIMIT: 409,
  ACCOUNT_LINKED_ELSEWHERE: 409,
  REENTRY_DISABLED: 409,
  NOT_INSIDE: 409,
  /** A gate undo that names no admission this ticket has (never admitted online, or already taken back). */
  NOTHING_TO_UNDO: 409,
  /** The ticket is no longer as the admin saw it (a confirm or an undo made on a stale view). */
  TICKET_CHANGED: 409,
  UNDO_WINDOW_CLOSED: 409,
  /** The event is a draft: staff can see it, nobody can buy yet. */
  EVENT_NOT_PUBLISHED: 409,
  /** The night was called off: checkout, the waitlist, the waiting room and transfers are closed. */
  EVENT_CALLED_OFF: 409,
  /** A call-off or postponement that cannot be made as asked (the name typed, the code, the state). */
  EVENT_CHANGE_REFUSED: 409,
  /** Publishing needs the organiser profile: pages, emails and tickets name the organiser. */
  ORGANISER_PROFILE_MISSING: 409,
  /** A staff invitation for an address whose owner already has an account (change their role instead). */
  ALREADY_REGISTERED: 409,
  INVITATION_NOT_FOUND: 404,
  /** A write with this Idempotency-Key is still running: ask again in a moment (./idempotency.ts). */
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The Idempotency-Key was first sent with another route or another body: a client bug, never replayed. */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  PAYMENT_NOT_VERIFIED: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The server is saturated and shed this request before doing any of it; Retry-After says when to retry. */
  OVERLOADED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  /** The same value as `code`: the name older scanners key their outcomes on ("error type"). */
  errorType: ErrorCode;
  details?: FieldError[];
  /** PRICE_CHANGED of an order of items: the server's lines, discount and total (api/ticket-types.ts). */
  figures?: Record<string, unknown>;
}
