import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Questions at checkout (rules in @utsav/domain/checkout-questions and checkout-answers):
// - `checkout_questions`: the organiser's questions of an event, in the order the purchase dialog asks them
//   (`position`). `options` and `ticket_type_ids` are JSON arrays (null: none, and every type). Saved whole: the
//   editor's list replaces the event's rows in one transaction.
// - `orders.checkout_answers`: the buyer's answers, normalised, as a JSON array written by the very statement that
//   writes the order's hold, so an order never exists without them. Each names its question's id, its English
//   label of the day (an answer outlives a question removed later) and, for a per-ticket question, the ticket's
//   place in the order (tickets.seq - 1).

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('checkout_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('label_hi', 'text')
    .addColumn('label_gu', 'text')
    .addColumn('options', 'text')
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('per_ticket', 'integer', (c) => c.notNull())
    .addColumn('ticket_type_ids', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'checkout_questions_kind_check',
      sql`kind in ('phone', 'age-18', 'text', 'choice', 'yes-no')`,
    )
    .execute();
  await db.schema
    .createIndex('checkout_questions_event_position')
    .on('checkout_questions')
    .columns(['event_id', 'position'])
    .execute();
  await db.schema.alterTable('orders').addColumn('checkout_answers', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('checkout_answers').execute();
  await db.schema.dropTable('checkout_questions').execute();
}
