import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Written once for both engines: only column types differ (see dialect.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firebase_uid', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('phone', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('guest'))
    .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
    .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
    .addColumn('last_login_at', sql.raw(t.timestamp))
    .addColumn('deleted_at', sql.raw(t.timestamp))
    .addCheckConstraint('users_role_check', sql`role in ('admin', 'guest', 'manager', 'qrchecker')`)
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('event_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', sql.raw(t.bytes), (c) => c.notNull())
    .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('ticket_price_paise', 'integer', (c) => c.notNull())
    .addColumn('group_price4_paise', 'integer')
    .addColumn('total_tickets', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.references('event_images.id'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('about_text', 'text')
    .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
    .addColumn('updated_at', sql.raw(t.timestamp), (c) => c.notNull())
    .addCheckConstraint('events_ticket_price_check', sql`ticket_price_paise > 0`)
    .addCheckConstraint('events_total_tickets_check', sql`total_tickets > 0`)
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'events', 'event_images', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
