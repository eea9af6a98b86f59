import type { ResaleStatus } from '@utsav/domain/resale';

// Tables of face-value resale (migration 0040; rules in @utsav/domain/resale). Money in paise, instants as ISO
// text, flags as 0/1.

/** A ticket its owner put back on sale; one live listing (listed or offered) per ticket. */
export interface ResaleListingsTable {
  id: string;
  ticket_id: string;
  event_id: string;
  seller_user_id: string;
  ticket_type_id: string | null;
  status: ResaleStatus;
  /** What the buyer pays: the ticket's face value. */
  price_paise: number;
  /** What the seller paid, the fee kept and the refund due once it sells (fixed when listed). */
  paid_paise: number;
  fee_paise: number;
  refund_paise: number;
  /** The hold that sells it while offered, then the buyer's paid order. */
  order_id: string | null;
  buyer_ticket_id: string | null;
  refund_id: string | null;
  listed_at: string;
  sold_at: string | null;
  ended_at: string | null;
  updated_at: string;
}

/** The organiser's resale settings: at most one row, id 'resale'; none reads as the defaults. */
export interface ResaleSettingsTable {
  id: string;
  enabled: number;
  fee_paise: number;
  close_hours_before: number;
  updated_by: string | null;
  updated_at: string;
}
