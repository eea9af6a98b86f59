import { foldForSearch } from '@utsav/domain/search-text';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { containsPattern, searchFolded } from '../../platform/db/like';
import type { TicketStatus } from '../../platform/db/schema';
import type { TypeMarkColumns } from '../tickets/presenter';

// SQL for finding a guest at the gate. No business rule lives here.

export interface FoundTicketRow extends TypeMarkColumns {
  id: string;
  ticket_code: string;
  holder_name: string;
  status: TicketStatus;
  used_at: string | null;
  exited_at: string | null;
  transferred_at: string | null;
  owner_name: string;
  owner_email: string;
  seq: number;
  checkout_answers: string | null;
}

/**
 * Tickets of one event whose holder's or buyer's name or the buyer's email contains `text`, or whose code
 * is `code`. A substring scan of one event's tickets (20,000 at most) joined to their buyers: a few
 * milliseconds, and the route allows a volunteer only a few searches a minute.
 */
export function searchEventTickets(
  db: Db,
  eventId: string,
  search: { text: string; code: string | null },
  limit: number,
): Promise<FoundTicketRow[]> {
  // Names in any script (@utsav/domain/search-text), as Ticket Management searches them.
  const pattern = containsPattern(foldForSearch(search.text));
  const folded = (column: string) => searchFolded(isPostgres(db), column);
  return db
    .selectFrom('tickets')
    .innerJoin('users as owner', 'owner.id', 'tickets.user_id')
    .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .leftJoin('orders', 'orders.id', 'tickets.order_id')
    .select([
      'tickets.id',
      'tickets.seq',
      'orders.checkout_answers',
      'tickets.ticket_code',
      'tickets.holder_name',
      'tickets.status',
      'tickets.used_at',
      'tickets.exited_at',
      'tickets.transferred_at',
      'owner.name as owner_name',
      'owner.email as owner_email',
      'tickets.ticket_type_id',
      'tickets.admits',
      'ticket_types.name as type_name',
      'ticket_types.name_hi as type_name_hi',
      'ticket_types.name_gu as type_name_gu',
      'ticket_types.colour as type_colour',
    ])
    .where('tickets.event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb(folded('tickets.holder_name'), 'like', pattern),
        eb(folded('owner.name'), 'like', pattern),
        eb(folded('owner.email'), 'like', pattern),
        ...(search.code ? [eb('tickets.ticket_code', '=', search.code)] : []),
      ]),
    )
    .orderBy('tickets.holder_name')
    .orderBy('tickets.ticket_code')
    .limit(limit)
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        exited_at: row.exited_at ?? null,
        transferred_at: row.transferred_at ?? null,
        checkout_answers: row.checkout_answers ?? null,
      })),
    );
}

/** The ticket's id when it belongs to this event; undefined otherwise (another event's ticket is not found). */
export async function findEventTicketId(
  db: Db,
  ticketId: string,
  eventId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('id', '=', ticketId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.id;
}
