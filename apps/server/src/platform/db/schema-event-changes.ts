// Postponements and call-offs (migration 0039; rules in @utsav/domain/event-change).

export interface EventChangesTable {
  id: string;
  event_id: string;
  kind: 'postpone' | 'call-off';
  /** JSON: the date, times and venue before and after, or the call-off's planned totals. */
  details: string;
  requested_by: string | null;
  created_at: string;
}

/** The call-off's refund job: one row per paid order; see the migration for the states. */
export interface CallOffOrdersTable {
  order_id: string;
  event_id: string;
  change_id: string;
  tickets: number;
  amount_paise: number;
  state: 'queued' | 'refunding';
  created_at: string;
  updated_at: string;
}

/** The code emailed to an admin for a call-off above ₹1,00,000: its hash, good until expires_at. */
export interface CallOffCodesTable {
  event_id: string;
  user_id: string;
  code_hash: string;
  expires_at: string;
}
