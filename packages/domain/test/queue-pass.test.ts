import { describe, expect, it } from 'vitest';
import { MAX_QUEUE_PASS_LENGTH, queuePassKey, signQueuePass, verifyQueuePass } from '../src/queue-pass';

const key = queuePassKey('event-secret-a');
const claims = {
  eventId: 'e1b2c3d4-0000-4000-8000-000000000001',
  userId: 'user-42',
  expiresAtMs: 1_800_000_000_000,
};
const expected = { eventId: claims.eventId, userId: claims.userId, nowMs: claims.expiresAtMs - 1 };

describe('queue pass', () => {
  it('a pass verifies for its own person and event before it expires', () => {
    const pass = signQueuePass(key, claims);
    expect(pass.startsWith('QP1.')).toBe(true);
    expect(verifyQueuePass(key, pass, expected)).toEqual({ ok: true, claims });
  });

  it('is refused from the millisecond it expires', () => {
    const pass = signQueuePass(key, claims);
    expect(verifyQueuePass(key, pass, { ...expected, nowMs: claims.expiresAtMs })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('is single-person: another signed-in user cannot use it', () => {
    const pass = signQueuePass(key, claims);
    expect(verifyQueuePass(key, pass, { ...expected, userId: 'user-43' })).toEqual({
      ok: false,
      reason: 'wrong-person',
    });
  });

  it('is refused for another event', () => {
    const pass = signQueuePass(key, claims);
    expect(verifyQueuePass(key, pass, { ...expected, eventId: 'other' })).toEqual({
      ok: false,
      reason: 'wrong-event',
    });
  });

  it('a pass signed with another event secret does not verify', () => {
    const pass = signQueuePass(queuePassKey('event-secret-b'), claims);
    expect(verifyQueuePass(key, pass, expected)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('an edited payload (someone else, a later expiry) breaks the signature', () => {
    const [prefix, , signature] = signQueuePass(key, claims).split('.');
    const forged = signQueuePass(queuePassKey('x'), { ...claims, expiresAtMs: claims.expiresAtMs * 2 }).split(
      '.',
    )[1];
    expect(verifyQueuePass(key, `${prefix}.${forged}.${signature}`, expected)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it.each([
    ['empty', ''],
    ['no parts', 'QP1'],
    ['wrong version', signQueuePass(key, claims).replace('QP1', 'QP2')],
    ['extra part', `${signQueuePass(key, claims)}.x`],
    ['not base64url', 'QP1.a+b.c/d'],
    ['impossible length', 'QP1.a.b'],
    ['too long', `QP1.${'a'.repeat(MAX_QUEUE_PASS_LENGTH)}.b`],
  ])('refuses a malformed pass (%s)', (_label, pass) => {
    expect(verifyQueuePass(key, pass, expected)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a non-canonical spelling of a valid pass (stray low bits in the last character)', () => {
    const pass = signQueuePass(key, claims);
    const last = pass.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(verifyQueuePass(key, `${pass.slice(0, -1)}${twin}`, expected).ok).toBe(false);
  });

  it('refuses ids that would make the payload ambiguous', () => {
    expect(() => signQueuePass(key, { ...claims, userId: 'a\nb' })).toThrow();
  });

  it('derives the same key from the same secret on every instance', () => {
    expect(queuePassKey('s')).toEqual(queuePassKey('s'));
    expect(queuePassKey('s')).not.toEqual(queuePassKey('t'));
  });
});
