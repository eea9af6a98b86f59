import { CALL_OFF_REASON, type CallOffTicket } from '@utsav/domain/event-change';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CallOffOrdersTable, EventChangesTable } from '../../platform/db/schema-event-changes';

// SQL for postponements and call-offs. The conditions in the updates are the guards the service and the job
// rely on: the event's status moves to called-off once, and an order's row from queued to refunding once.

interface PaidFor {
  id: string;
  orderId: string | null;
  fromTicketId?: string | null;
  orderStatus: string | null;
  paymentId: string | null;
}

/**
 * Every active ticket of the event with the order that paid for it: its own, or for a ticket received by transfer
 * (which has none) the order of the ticket it came from, followed back through each transfer to the one bought.
 * That order's payment is what a call-off refunds it to (decision 0610). The plan's input.
 */
export async function callOffTicketsOf(db: Db, eventId: string): Promise<CallOffTicket[]> {
  const paidFor = (query: ReturnType<typeof ticketsWithOrders>) =>
    query.select([
      'tickets.id as id',
      'tickets.order_id as orderId',
      'tickets.transferred_from_ticket_id as fromTicketId',
      'orders.status as orderStatus',
      'orders.razorpay_payment_id as paymentId',
    ]);
  const rows = await paidFor(ticketsWithOrders(db))
    .select(['tickets.price_paise as pricePaise', 'tickets.status as status'])
    .where('tickets.event_id', '=', eventId)
    .where('tickets.status', '=', 'active')
    .execute();
  // Received tickets: one lookup per step back (chains are short: a ticket passed on again).
  const origin = new Map<string, PaidFor>();
  let wanted = [
    ...new Set(rows.flatMap((row) => (!row.orderId && row.fromTicketId ? [row.fromTicketId] : []))),
  ];
  for (let step = 0; wanted.length > 0 && step < 20; step++) {
    const found: PaidFor[] = await paidFor(ticketsWithOrders(db)).where('tickets.id', 'in', wanted).execute();
    for (const ticket of found) origin.set(ticket.id, ticket);
    wanted = found.flatMap((ticket) => (!ticket.orderId && ticket.fromTicketId ? [ticket.fromTicketId] : []));
  }
  const payer = (ticket: PaidFor): PaidFor => {
    let at = ticket;
    for (let step = 0; !at.orderId && at.fromTicketId && step < 20; step++) {
      const from = origin.get(at.fromTicketId);
      if (!from) break;
      at = from;
    }
    return at;
  };
  return rows.map((row) => {
    const paid = payer(row);
    return {
      orderId: paid.orderId,
      pricePaise: row.pricePaise,
      status: row.status,
      orderPaid: paid.orderStatus === 'paid' && paid.paymentId !== null,
    };
  });
}

function ticketsWithOrders(db: Db) {
  return db.selectFrom('tickets').leftJoin('orders', 'orders.id', 'tickets.order_id');
}

/** The people holding an active ticket of the event, each once: who is told of the change. */
export async function holdersOf(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tickets')
    .select('user_id')
    .distinct()
    .where('event_id', '=', eventId)
    .where('status', '=', 'active')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function insertChange(trx: Db, change: EventChangesTable): Promise<void> {
  await trx.insertInto('event_changes').values(change).execute();
}

/**
 * The change that stands: a call-off, once there is one (nothing follows it, and its refunds' progress is what
 * GET /admin/event/change reports), else the latest postponement. By time alone, a postponement and a call-off
 * made within the same clock tick could come out in either order.
 */
export function latestChange(db: Db, eventId: string): Promise<EventChangesTable | undefined> {
  return db
    .selectFrom('event_changes')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy(sql`case when kind = 'call-off' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts in chunks that stay under both engines' bound-parameter limits. */
export async function insertCallOffOrders(trx: Db, rows: CallOffOrdersTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('call_off_orders')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export function queuedCallOffOrders(db: Db, eventId: string, limit: number): Promise<string[]> {
  return db
    .selectFrom('call_off_orders')
    .select('order_id')
    .where('event_id', '=', eventId)
    .where('state', '=', 'queued')
    .orderBy('order_id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => row.order_id));
}

/** queued → refunding, once: the transaction that wins creates the order's refunds; any other changes nothing. */
export async function claimCallOffOrder(trx: Db, orderId: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('call_off_orders')
    .set({ state: 'refunding', updated_at: now.toISOString() })
    .where('order_id', '=', orderId)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders after `after` (in id order) whose call-off refunds still need a send or a retry (pending, or failed). */
export async function ordersWithUnsentRefunds(
  db: Db,
  eventId: string,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('call_off_orders')
    .innerJoin('refunds', 'refunds.order_id', 'call_off_orders.order_id')
    .select('call_off_orders.order_id')
    .distinct()
    .where('call_off_orders.event_id', '=', eventId)
    .where('call_off_orders.order_id', '>', after)
    .where('refunds.reason', '=', CALL_OFF_REASON)
    .where('refunds.status', 'in', ['pending', 'failed'])
    .orderBy('call_off_orders.order_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

/** The event's call-off refunds that Razorpay failed and the job no longer retries (attempts spent), oldest first. */
export async function failedCallOffRefunds(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('call_off_orders')
    .innerJoin('refunds', 'refunds.order_id', 'call_off_orders.order_id')
    .select('refunds.id')
    .where('call_off_orders.event_id', '=', eventId)
    .where('refunds.reason', '=', CALL_OFF_REASON)
    .where('refunds.status', '=', 'failed')
    .orderBy('refunds.created_at')
    .orderBy('refunds.id')
    .execute();
  return rows.map((row) => row.id);
}

export interface CallOffRefundRow {
  orderId: string;
  orderState: 'queued' | 'refunding';
  orderAmountPaise: number;
  status: string | null;
  amountPaise: number | null;
  lastError: string | null;
}

/** Every call-off order with its call-off refunds (none yet while queued): the progress view's input. */
export function callOffRefundRows(db: Db, eventId: string): Promise<CallOffRefundRow[]> {
  return db
    .selectFrom('call_off_orders')
    .leftJoin('refunds', (join) =>
      join
        .onRef('refunds.order_id', '=', 'call_off_orders.order_id')
        .on('refunds.reason', '=', CALL_OFF_REASON),
    )
    .select([
      'call_off_orders.order_id as orderId',
      'call_off_orders.state as orderState',
      'call_off_orders.amount_paise as orderAmountPaise',
      'refunds.status as status',
      'refunds.refund_amount_paise as amountPaise',
      'refunds.last_error as lastError',
    ])
    .where('call_off_orders.event_id', '=', eventId)
    .execute();
}

/** The waitlist's places end as 'closed' (the sale closed while they waited), and the waiting room empties. */
export async function releaseLines(trx: Db, eventId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'closed', ended_at: stamp, updated_at: stamp })
    .where('event_id', '=', eventId)
    .where('status', 'in', ['waiting', 'offered'])
    .execute();
  await trx.deleteFrom('queue_entries').where('event_id', '=', eventId).execute();
}

export async function saveCode(
  db: Db,
  row: { event_id: string; user_id: string; code_hash: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('call_off_codes')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['event_id', 'user_id'])
        .doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at }),
    )
    .execute();
}

/** Takes the admin's code: it is used once, whether it matched or not (a wrong guess costs a new dry run). */
export async function takeCode(
  trx: Db,
  eventId: string,
  userId: string,
): Promise<{ code_hash: string; expires_at: string } | undefined> {
  const row = await trx
    .selectFrom('call_off_codes')
    .select(['code_hash', 'expires_at'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) {
    await trx
      .deleteFrom('call_off_codes')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .execute();
  }
  return row;
}
