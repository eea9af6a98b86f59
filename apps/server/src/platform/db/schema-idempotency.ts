/** A key sent with a signed-in write, and its answer once finished (migration 0048; platform/idempotency/). */
export interface IdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  /** "POST /api/admin/ticket-types": method and path with its query. */
  request: string;
  body_hash: string;
  /** Null while the request runs. */
  status: number | null;
  answer: string | null;
  created_at: string;
  started_at: string;
}
