import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Messages from the organiser to guests (@utsav/domain/guest-messages):
// - `guest_messages`: each message as sent (its texts per language, the audience and types it was sent to, who sent
//   it, when, to how many), newest last. `test` = 1: sent only to the admin who asked.
// - `guest_message_mails`: one row per person a message went to, naming the outbox row that carries the mail. The
//   primary key (message, person) is the "one mail per person" rule, whatever the number of tickets they hold;
//   queued / sent / failed are read from the outbox rows it names.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('guest_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.references('events.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('subject_hi', 'text')
    .addColumn('body_hi', 'text')
    .addColumn('subject_gu', 'text')
    .addColumn('body_gu', 'text')
    .addColumn('audience', 'text', (c) =>
      c.notNull().check(sql`audience in ('holders', 'not-admitted', 'admitted', 'waitlist')`),
    )
    // JSON array of ticket type ids; [] means every type.
    .addColumn('ticket_type_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_by', 'text', (c) => c.references('users.id'))
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guest_messages_created_idx')
    .on('guest_messages')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('guest_message_mails')
    .addColumn('message_id', 'text', (c) => c.notNull().references('guest_messages.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('outbox_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('guest_message_mails_pk', ['message_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guest_message_mails').execute();
  await db.schema.dropTable('guest_messages').execute();
}
