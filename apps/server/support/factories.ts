import { randomBytes } from 'node:crypto';
import { loadOrCreateSigningKeys, type SigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import type { Role } from '@utsav/domain/roles';
import { updateUser } from '../src/stores/users';
import type { TestServer } from './server';

// Small factories: each call makes a new, independent person, so tests never share mutable fixtures.

export interface TestUser {
  token: string;
  email: string;
  // biome-ignore lint/suspicious/noExplicitAny: the user JSON as the API returned it.
  user: any;
}

const keysByDir = new Map<string, Promise<SigningKeys>>();

/** The dev identity provider's own signing keys for this server's data folder. */
export function devKeys(server: TestServer): Promise<SigningKeys> {
  const dir = server.config.dataDir;
  if (!keysByDir.has(dir)) keysByDir.set(dir, loadOrCreateSigningKeys(dir));
  return keysByDir.get(dir)!;
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.test`;
}

/** An ID token exactly as the dev identity provider would sign it (`now` back-dates it). */
export async function tokenFor(
  server: TestServer,
  email: string,
  options: { name?: string; now?: Date } = {},
): Promise<string> {
  const keys = await devKeys(server);
  return signIdToken(
    keys,
    { email, name: options.name ?? email.split('@')[0]! },
    options.now ? { now: options.now } : {},
  );
}

/** A person who has signed in (POST /auth/google-signin), optionally given a role directly in the database. */
export async function newUser(
  server: TestServer,
  options: { role?: Role; email?: string; name?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'guest');
  const token = await tokenFor(server, email, options.name ? { name: options.name } : {});
  const response = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  let user = response.body.user;
  if (options.role && options.role !== user.role) {
    await updateUser(server.ctx.db, user.id, { role: options.role });
    user = { ...user, role: options.role };
  }
  return { token, email, user };
}

export function newEventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test Garba Night',
    venue: 'Test Ground, Mumbai',
    description: 'An evening of Garba for the tests.',
    date: '2099-10-01',
    startTime: '19:00',
    endTime: '23:00',
    ticketPrice: 299,
    groupPrice4: 249,
    totalTickets: 500,
    features: 'Live dhol, Food stalls',
    aboutText: 'About the night',
    ...overrides,
  };
}
