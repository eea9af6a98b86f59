import { type Compilable, type RawBuilder, sql } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { AuditLogTable, OrderRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { AUDIT_COLUMNS, LINE_COLUMNS, ORDER_COLUMNS } from './hold-figures';

// PostgreSQL only: the accepted holds of a batch (hold-on-postgres.ts) and their audit rows, written by
// one statement whose text does not depend on how many there are: each column travels as one array parameter
// and `unnest` turns the arrays back into rows. A multi-row `values` list was a new text for every batch size,
// so PostgreSQL parsed and planned ~25 parameters a hold on every batch, under the event lock; this text is
// prepared once per connection (compiled.ts, prepared.ts) like the batch's other statements.

type OrderColumn = (typeof ORDER_COLUMNS)[number];
type AuditColumn = (typeof AUDIT_COLUMNS)[number];
type LineColumn = (typeof LINE_COLUMNS)[number];

/** Each column's type in PostgreSQL, for the cast of its array (an array of text would not go into an integer). */
const ORDER_TYPES: Record<OrderColumn, string> = {
  id: 'text',
  razorpay_order_id: 'text',
  user_id: 'text',
  event_id: 'text',
  quantity: 'integer',
  price_per_ticket_paise: 'integer',
  amount_paise: 'integer',
  pricing_tier: 'text',
  status: 'text',
  hold_expires_at: 'timestamptz',
  razorpay_payment_id: 'text',
  razorpay_refund_id: 'text',
  created_at: 'timestamptz',
  paid_at: 'timestamptz',
  refunded_at: 'timestamptz',
  refund_settled_at: 'timestamptz',
  ticket_names: 'text',
  updated_at: 'timestamptz',
  people: 'integer',
  promo_code_id: 'text',
  discount_paise: 'integer',
  checkout_answers: 'text',
  convenience_fee_paise: 'integer',
  convenience_fee_rule: 'text',
};
const LINE_TYPES: Record<LineColumn, string> = {
  order_id: 'text',
  line_no: 'integer',
  event_id: 'text',
  ticket_type_id: 'text',
  phase_id: 'text',
  promo_code_id: 'text',
  quantity: 'integer',
  admits: 'integer',
  unit_price_paise: 'integer',
  discount_per_ticket_paise: 'integer',
  code_uses: 'integer',
  group_price: 'integer',
};
const AUDIT_TYPES: Record<AuditColumn, string> = {
  id: 'text',
  actor_user_id: 'text',
  action: 'text',
  entity: 'text',
  entity_id: 'text',
  data: 'text',
  created_at: 'timestamptz',
};

/**
 * Writes the holds' orders and audit rows (same length, any length above zero) and their lines in one prepared
 * statement. The lines' foreign key to their order is checked at the statement's end, when the orders are in.
 */
export async function insertHoldsWithAudits(
  db: Db,
  orders: OrderRow[],
  audits: AuditLogTable[],
  lines: OrderLineRow[],
): Promise<void> {
  await insertRows(
    db,
    ...ORDER_COLUMNS.map((column) => orders.map((order) => order[column] ?? null)),
    ...AUDIT_COLUMNS.map((column) => audits.map((audit) => audit[column] ?? null)),
    ...LINE_COLUMNS.map((column) => lines.map((line) => line[column] ?? null)),
  );
}

const insertRows = compiledOnce((db: Db, ...columns: unknown[][]) => {
  const unnest = (
    names: readonly string[],
    types: Record<string, string>,
    from: number,
  ): RawBuilder<unknown> =>
    sql`select * from unnest(${sql.join(
      names.map((name, index) => sql`cast(${columns[from + index]} as ${sql.raw(types[name]!)}[])`),
    )})`;
  const list = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));
  const lines = ORDER_COLUMNS.length + AUDIT_COLUMNS.length;
  const statement = sql`with hold_audits as (insert into audit_log (${list(AUDIT_COLUMNS)}) ${unnest(
    AUDIT_COLUMNS,
    AUDIT_TYPES,
    ORDER_COLUMNS.length,
  )}), holds as (insert into orders (${list(ORDER_COLUMNS)}) ${unnest(ORDER_COLUMNS, ORDER_TYPES, 0)})
  insert into order_lines (${list(LINE_COLUMNS)}) ${unnest(LINE_COLUMNS, LINE_TYPES, lines)}`;
  return { compile: () => statement.compile(db) } as Compilable<never>;
});
