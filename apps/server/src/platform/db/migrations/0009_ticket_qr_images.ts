import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// qrCodeImage: each ticket's QR as a PNG data URL, made once (~1-2 ms of CPU) and kept, so My Tickets
// does not make 20 images again after a restart or on another instance. Keyed by the signed token itself, not
// the ticket: a token signed anew (another holder, another key) simply has no image yet, never a stale one.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('ticket_qr_images')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_qr_images').execute();
}
