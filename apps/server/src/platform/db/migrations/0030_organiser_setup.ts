import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// What a new organiser sets up before selling (docs/product.md#first-run):
// - `organiser`: the one organiser profile (name, contacts, social links, logo, legal name and address), read by
//   every page, email, PDF, wallet pass and calendar invite that names the organiser. At most one row (id 'organiser').
// - `events.published_at`: an event is a draft (staff only, no checkout) until it is published. Events that
//   exist already were on sale, so they count as published from their creation.
// - `staff_invitations`: a role given by email before the person has an account; it applies at their first
//   sign-in with that verified address. At most one open invitation per address.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('organiser')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tagline', 'text')
    .addColumn('support_email', 'text', (c) => c.notNull())
    .addColumn('support_phone', 'text')
    .addColumn('support_hours', 'text')
    // JSON object of the social links that are set ({ "instagram": "https://…" }).
    .addColumn('social_links', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('logo_image_id', 'text', (c) => c.references('event_images.id'))
    .addColumn('legal_name', 'text')
    .addColumn('address', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('organiser_single_row', sql`id = 'organiser'`)
    .execute();

  await db.schema.alterTable('events').addColumn('published_at', timestamp).execute();
  await sql`update events set published_at = created_at`.execute(db);

  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('accepted_at', timestamp)
    .addColumn('accepted_by', 'text', (c) => c.references('users.id'))
    .addColumn('revoked_at', timestamp)
    .addColumn('revoked_by', 'text', (c) => c.references('users.id'))
    .addCheckConstraint('staff_invitations_role_check', sql`role in ('admin', 'manager', 'qrchecker')`)
    .execute();
  // The open invitation of an address, found at every sign-in of a new person; and never two open at once.
  await sql`create unique index staff_invitations_open_email_idx on staff_invitations (email)
    where accepted_at is null and revoked_at is null`.execute(db);
  await db.schema
    .createIndex('staff_invitations_created_idx')
    .on('staff_invitations')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('events').dropColumn('published_at').execute();
  await db.schema.dropTable('organiser').execute();
}
