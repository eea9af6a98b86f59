// Business constants (docs/product.md#constants). One copy, used by server and web.

export const CURRENCY = 'INR';
export const DEFAULT_TICKET_PRICE = 299;
export const GROUP_MIN_QUANTITY = 4;
export const DEFAULT_ORDER_QUANTITY_CAP = 20;
/** Seats one person may hold or have bought for the event (MAX_TICKETS_PER_PERSON); see person-limit.ts. */
export const DEFAULT_MAX_TICKETS_PER_PERSON = 20;
export const DEFAULT_HOLD_MINUTES = 15;

export const CANCELLATION_MIN_DAYS = 10;
export const CANCELLATION_DEDUCTION_PER_TICKET = 20;
export const CANCELLATION_DEDUCTION_GATEWAY = 10;
export const CANCELLATION_DEDUCTION_PLATFORM = 10;
export const MIN_REFUND_PER_TICKET = 1;
export const REASON_MAX_LENGTH = 500;
export const NOTES_MAX_LENGTH = 500;
export const TRANSFER_FEE_PER_TICKET = 50;

export const EVENT_TIMEZONE = 'Asia/Kolkata';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * Largest picture the event accepts, in pixels: a few bytes of header can claim 60,000 × 60,000 pixels
 * (14 GB once decoded), so the size in bytes alone protects nothing. 8,000 on a side and 40 megapixels is
 * well above any camera or poster a page shows.
 */
export const IMAGE_MAX_SIDE_PX = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;

export const PAGE_SIZE = 20;
export const MANUAL_ISSUANCE_GUEST_LIMIT = 100;
export const MANAGER_USER_LIST_LIMIT = 50;
export const USER_SEARCH_RESULTS = 10;

export const REQUEST_TIMEOUT_MS = 30_000;
export const NETWORK_RETRIES = 3;
export const NETWORK_RETRY_BASE_MS = 1000;
export const TOAST_MS = 5000;
export const AUTH_BANNER_MS = 5000;
export const AUTH_BANNER_CLEAR_MS = 300;
export const SCROLL_TO_TICKETS_DELAY_MS = 400;
export const GUEST_REFRESH_AFTER_PURCHASE_MS = 500;
export const EVENT_SAVE_RELOAD_MS = 1500;

export const CACHE_DASHBOARD_STATS_MS = 120_000;
export const CACHE_EVENT_STATUS_MS = 180_000;
export const CACHE_GUEST_DASHBOARD_MS = 120_000;
export const REQUEST_CACHE_MS = 10 * 60_000;
export const REQUEST_CACHE_MAX_ENTRIES = 100;

export const SCANNER_RESULT_OVERLAY_MS = 2500;
export const SCANNER_RESTART_MS = 1500;
export const SCANNER_DEBOUNCE_MS = 1000;
export const SCANNER_VIDEO_CHECK_MS = 2000;
/**
 * How long a gate scan waits for the server before the phone decides offline (the default of the server's
 * SCAN_NETWORK_BUDGET_MS, which the phone reads from GET /api/system/client-config).
 */
export const DEFAULT_SCAN_NETWORK_BUDGET_MS = 2500;

export const MOBILE_BREAKPOINT_PX = 768;
export const LAZY_IMAGE_MARGIN_PX = 100;

export const INTRO_FIRST_WORD_MS = 500;
export const INTRO_WORD_INTERVAL_MS = 800;
export const INTRO_HOLD_MS = 1000;
export const INTRO_FADE_MS = 800;
export const INTRO_APP_DELAY_MS = 100;
export const HERO_PRELOAD_MAX_MS = 3000;

/** Defaults the landing page and event manager show when no event exists. */
export const EVENT_DEFAULTS = {
  startTime: '18:30',
  endTime: '22:30',
  ticketPrice: DEFAULT_TICKET_PRICE,
  venue: 'NSCI Dome, Worli, Mumbai',
} as const;

/** Legal and support facts quoted by the legal pages. */
export const POLICY = {
  cancellationVersion: '2.0',
  refundVersion: '2.0',
  termsVersion: '1.0',
  privacyVersion: '1.0',
  effectiveDate: 'January 1, 2025',
  refundBusinessDays: '5-10',
  manualRefundBusinessDays: '5-7',
  organiserCancelledRefundBusinessDays: 7,
  bereavementRefundDays: 3,
  verificationBusinessDays: '1-2',
  medicalCertificateHours: 48,
  disputeDays: 7,
  transferCompleteHoursBefore: 24,
  childrenFreeUnderAge: 5,
  minimumBuyerAge: 18,
  childrenNotServedUnderAge: 13,
  dataRetentionYears: 3,
  termsChangeNoticeDays: 30,
  refundQueryResponseHours: 24,
  generalQueryResponseHours: 48,
} as const;

/** Rupees kept per resold ticket unless the organiser sets otherwise: the same as a transfer's fee. */
export const DEFAULT_RESALE_FEE_PAISE = 5_000;
/** Listings close this many hours before the start unless the organiser sets otherwise. */
export const DEFAULT_RESALE_CLOSE_HOURS = 2;
