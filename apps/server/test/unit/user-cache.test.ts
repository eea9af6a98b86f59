import { describe, expect, it } from 'vitest';
import { cachedUserLoader, MAX_AGE_MS } from '../../src/platform/auth/user-cache';
import type { UserRow } from '../../src/platform/db/schema';
import { writesTable } from '../../src/platform/db/table-writes';

const row = (name: string) => ({ id: 'u1', firebase_uid: 'uid-1', name }) as unknown as UserRow;

describe('cachedUserLoader', () => {
  it('answers from its copy while the users version stands and the copy is younger than a second', async () => {
    let now = 0;
    let reads = 0;
    const version = { value: 0 };
    const load = cachedUserLoader(
      async () => {
        reads++;
        return row(`read ${reads}`);
      },
      version,
      () => now,
    );
    expect((await load('uid-1'))?.name).toBe('read 1');
    now = MAX_AGE_MS - 1;
    expect((await load('uid-1'))?.name).toBe('read 1');
    now = MAX_AGE_MS;
    expect((await load('uid-1'))?.name).toBe('read 2');
    version.value++;
    expect((await load('uid-1'))?.name).toBe('read 3');
    expect(reads).toBe(3);
  });

  it('keeps nothing read while a write happened, and nothing that was not found', async () => {
    const version = { value: 0 };
    let reads = 0;
    let found = false;
    const load = cachedUserLoader(
      async () => {
        reads++;
        if (reads === 1) version.value++; // a write lands while the first read is under way
        return found ? row('found') : reads === 1 ? row('old') : undefined;
      },
      version,
      () => 0,
    );
    expect((await load('uid-1'))?.name).toBe('old');
    expect(await load('uid-1')).toBeUndefined();
    found = true;
    expect((await load('uid-1'))?.name).toBe('found');
    expect((await load('uid-1'))?.name).toBe('found');
    expect(reads).toBe(3);
  });

  it('tells at once, without a promise, whether it holds a usable copy, by the same rules', async () => {
    let now = 0;
    const version = { value: 0 };
    const load = cachedUserLoader(
      async () => row('read'),
      version,
      () => now,
    );
    expect(load.cached?.('uid-1')).toBeUndefined();
    await load('uid-1');
    expect(load.cached?.('uid-1')?.name).toBe('read');
    now = MAX_AGE_MS;
    expect(load.cached?.('uid-1')).toBeUndefined();
    now = 0;
    version.value++;
    expect(load.cached?.('uid-1')).toBeUndefined();
  });

  it('hands out frozen rows: no request can change what the next one sees', async () => {
    const load = cachedUserLoader(
      async () => row('x'),
      { value: 0 },
      () => 0,
    );
    const user = (await load('uid-1'))!;
    expect(() => {
      (user as { name: string }).name = 'changed';
    }).toThrow();
  });
});

describe('writesTable', () => {
  it('sees inserts, updates and deletes of the table as Kysely and people write them', () => {
    expect(writesTable('update "users" set "role" = $1 where "id" = $2', 'users')).toBe(true);
    expect(writesTable('insert into "users" ("id") values (?) on conflict do nothing', 'users')).toBe(true);
    expect(writesTable('delete from users where id = ?', 'users')).toBe(true);
    expect(writesTable('INSERT OR IGNORE INTO users VALUES (?)', 'users')).toBe(true);
    expect(writesTable('with x as (select 1) update "users" set name = ?', 'users')).toBe(true);
  });

  it('ignores reads and other tables whose names start the same', () => {
    expect(writesTable('select * from "users" where "firebase_uid" = ?', 'users')).toBe(false);
    expect(writesTable('update "users_archive" set x = 1', 'users')).toBe(false);
    expect(writesTable('insert into "tickets" ("user_id") select id from "users"', 'users')).toBe(false);
    expect(writesTable('delete from "sessions" where user_id in (select id from users)', 'users')).toBe(
      false,
    );
  });
});
