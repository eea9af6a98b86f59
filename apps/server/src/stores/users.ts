import type { Role } from '@utsav/domain/roles';
import { type ExpressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../platform/db/compiled';
import type { Db } from '../platform/db/database';
import type { Database, UserRow } from '../platform/db/schema';

export type NewUser = Omit<UserRow, 'deleted_at' | 'language'>;
export type UserPatch = Partial<Omit<UserRow, 'id' | 'created_at'>>;

export interface UserFilter {
  role?: Role | undefined;
  /** Matched case-insensitively against name and email. */
  search?: string | undefined;
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// Every signed-in request reads it: compiled once.
const userByFirebaseUid = compiledOnce((db: Db, firebaseUid: string) =>
  db.selectFrom('users').selectAll().where('firebase_uid', '=', firebaseUid),
);

export async function findUserByFirebaseUid(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  return (await userByFirebaseUid(db, firebaseUid))[0];
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Inserts unless the uid or email already exists; false tells the caller someone else won the race. */
export async function insertUserIfAbsent(db: Db, user: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase(), deleted_at: null })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Remembers the language a person uses the app in; a no-op when it is already that. */
export async function setUserLanguage(db: Db, id: string, language: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ language })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)]))
    .execute();
}

export async function countAdmins(db: Db): Promise<number> {
  return countUsers(db, { role: 'admin' });
}

export async function countUsers(db: Db, filter: UserFilter = {}): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => matching(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listUsers(
  db: Db,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => matching(eb, filter))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

function matching(eb: ExpressionBuilder<Database, 'users'>, filter: UserFilter) {
  const conditions = [eb('deleted_at', 'is', null)];
  if (filter.role) conditions.push(eb('role', '=', filter.role));
  if (filter.search) {
    // lower() on both sides: SQLite's LIKE and PostgreSQL's LIKE disagree on case, lower() agrees.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return eb.and(conditions);
}

/**
 * Deletes a person but not their books: the row stays (tickets, orders and refunds point at it) with every
 * personal field replaced. The email becomes a unique placeholder and the uid is cleared, so the same Google
 * account signing in again matches neither and gets a fresh row; the names printed on their tickets go too.
 */
export async function anonymiseUser(db: Db, id: string, stamp: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: 'Deleted user',
      email: `deleted-${id}@users.invalid`,
      firebase_uid: null,
      photo_url: null,
      phone: null,
      language: null,
      role: 'guest',
      deleted_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('tickets')
    .set({ holder_name: 'Deleted user', updated_at: stamp })
    .where('user_id', '=', id)
    .execute();
}
