import * as ed from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import {
  buildTicketToken,
  claimedTicketIds,
  decodeBase64Url,
  encodeBase64Url,
  generateEventKeyPair,
  MAX_TICKET_TOKEN_LENGTH,
  normalizeScannedCode,
  parseTicketTokenUnverified,
  publicKeyFromPrivateKey,
  QR_EMPTY_OR_MALFORMED_MESSAGE,
  signTicketToken,
  ticketTokenSignedParts,
  verifyTicketToken,
} from '../src/qr-token';

const eventKeys = generateEventKeyPair();
const otherEventKeys = generateEventKeyPair();
const ticketId = '3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c4b12';
const eventId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const token = signTicketToken({ ticketId, eventId }, eventKeys.privateKey);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function replaceAt(text: string, index: number, character: string): string {
  return text.slice(0, index) + character + text.slice(index + 1);
}

describe('event key pairs', () => {
  it('are 32-byte base64url keys, different every time', () => {
    const keys = generateEventKeyPair();
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.publicKey).not.toBe(eventKeys.publicKey);
  });

  it('derive the public key from the private key', () => {
    expect(publicKeyFromPrivateKey(eventKeys.privateKey)).toBe(eventKeys.publicKey);
  });
});

describe('signing and verifying a ticket token', () => {
  it('round-trips the ticket id and event id', () => {
    expect(verifyTicketToken(token, eventKeys.publicKey)).toEqual({ ok: true, ticketId, eventId });
  });

  it('is accepted when the expected event matches', () => {
    expect(verifyTicketToken(token, eventKeys.publicKey, eventId)).toEqual({ ok: true, ticketId, eventId });
  });

  it('is versioned and has the UT1.<payload>.<signature> shape', () => {
    expect(token).toMatch(/^UT1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
  });

  it('is shorter than 140 characters for two UUIDs, small enough for a robust QR', () => {
    expect(token.length).toBeLessThan(140);
    expect(token.length).toBe(137);
  });

  it('is deterministic for the same ids and key', () => {
    expect(signTicketToken({ ticketId, eventId }, eventKeys.privateKey)).toBe(token);
  });

  it.each([
    ['UUIDs', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
    ['upper-case UUIDs (kept as written)', '3F2B8C1E-9D4A-4C7B-8E21-5A6F0D9C4B12', eventId],
    ['24-character hex ids', '65f1a2b3c4d5e6f708192a3b', '65f1a2b3c4d5e6f708192a3c'],
    ['odd-length hex', 'abc', 'abcde'],
    ['short text ids', 't', 'e'],
    ['numeric ids', '12345', '1'],
    ['prefixed ids', 'tkt_01HZX3K9V7Q2M8N4P6R0S5T1W', 'evt_garba-2026'],
    ['ids with dots and spaces', 'a.b.c', ' padded '],
    ['unicode ids', 'टिकट-१२३', 'गरबा🎉'],
    ['64-byte ids', 'x'.repeat(64), 'f'.repeat(128)],
  ])('round-trips %s', (_label, t, e) => {
    const signed = signTicketToken({ ticketId: t, eventId: e }, eventKeys.privateKey);
    expect(signed.length).toBeLessThanOrEqual(MAX_TICKET_TOKEN_LENGTH);
    expect(verifyTicketToken(signed, eventKeys.publicKey, e)).toEqual({ ok: true, ticketId: t, eventId: e });
    expect(parseTicketTokenUnverified(signed)).toEqual({ ok: true, version: 1, ticketId: t, eventId: e });
  });

  it.each([
    ['an empty ticket id', { ticketId: '', eventId }],
    ['an empty event id', { ticketId, eventId: '' }],
    ['a ticket id over 64 bytes', { ticketId: 'x'.repeat(65), eventId }],
    ['an event id over 64 UTF-8 bytes', { ticketId, eventId: 'गरबा'.repeat(6) }],
    ['a non-string id', { ticketId: 42 as unknown as string, eventId }],
  ])('refuses to sign %s', (_label, claims) => {
    expect(() => signTicketToken(claims, eventKeys.privateKey)).toThrow(TypeError);
  });

  it('refuses to sign with a key that is not 32 bytes', () => {
    expect(() => signTicketToken({ ticketId, eventId }, 'c2hvcnQ')).toThrow(TypeError);
  });

  it('treats an unusable public key as a configuration fault, not as a bad ticket', () => {
    expect(() => verifyTicketToken(token, 'not a key')).toThrow(TypeError);
  });
});

describe('signed parts for a native verifier', () => {
  it('expose the ids, the signed message and the signature, which verify with the event key', () => {
    const parts = ticketTokenSignedParts(token)!;
    expect(parts).toMatchObject({ ticketId, eventId });
    expect(parts.signature).toHaveLength(64);
    const publicKey = decodeBase64Url(eventKeys.publicKey)!;
    expect(ed.verify(parts.signature, parts.message, publicKey, { zip215: false })).toBe(true);
    expect(ed.verify(parts.signature, parts.message, decodeBase64Url(otherEventKeys.publicKey)!)).toBe(false);
  });

  it('are null for anything malformed', () => {
    for (const value of ['', 'UT1.AA.AA', 42, null, token.slice(0, -1)]) {
      expect(ticketTokenSignedParts(value)).toBeNull();
    }
  });
});

describe('the ids a token claims (a key to look up the stored token, never trusted alone)', () => {
  it('are the ids of a signed token, read from the payload only', () => {
    expect(claimedTicketIds(token)).toEqual({ ticketId, eventId });
    const hexIds = { ticketId: '65a1f0c2b3d4e5f601234567', eventId: 'night-2026' };
    expect(claimedTicketIds(signTicketToken(hexIds, eventKeys.privateKey))).toEqual(hexIds);
  });

  it('do not depend on the signature, which only the exact match with the stored token vouches for', () => {
    const [prefix, payload] = token.split('.');
    expect(claimedTicketIds(`${prefix}.${payload}.forged`)).toEqual({ ticketId, eventId });
  });

  it('are null when the payload does not name two ids', () => {
    const [, payload, signature] = token.split('.');
    for (const value of ['', 'UT1', 'UT1.', 'UT1.AA.AA', `UT2.${payload}.${signature}`, `UT1.${payload}`]) {
      expect(claimedTicketIds(value)).toBeNull();
    }
    expect(claimedTicketIds(`UT1.${payload}AAAA.${signature}`)).toBeNull();
    expect(claimedTicketIds(`UT1.${payload!.slice(0, -4)}.${signature}`)).toBeNull();
    expect(claimedTicketIds('x'.repeat(MAX_TICKET_TOKEN_LENGTH + 1))).toBeNull();
  });
});

describe('tampered and foreign tokens', () => {
  it('rejects every single-character change at every position', () => {
    const outcomes = new Set<string>();
    for (let index = 0; index < token.length; index++) {
      // A neighbour (low bit flipped), a far character (high bit flipped) and a separator.
      const position = BASE64URL.indexOf(token[index]!);
      const substitutes =
        position < 0 ? ['A', 'x'] : [BASE64URL[position ^ 1]!, BASE64URL[position ^ 32]!, '.'];
      for (const character of substitutes) {
        const changed = replaceAt(token, index, character);
        const result = verifyTicketToken(changed, eventKeys.publicKey);
        if (result.ok) throw new Error(`accepted a change of position ${index} to ${character}`);
        outcomes.add(result.reason);
      }
    }
    expect([...outcomes].sort()).toEqual(['bad-signature', 'malformed']);
  });

  it('rejects a change of the last character that only flips unused padding bits', () => {
    // 64 signature bytes use 516 of the 86 characters' bits; the last 4 bits must stay zero.
    const last = token.at(-1)!;
    const sibling = BASE64URL[BASE64URL.indexOf(last) ^ 1]!;
    expect(verifyTicketToken(replaceAt(token, token.length - 1, sibling), eventKeys.publicKey)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it("rejects a token signed with another event's key", () => {
    const foreign = signTicketToken({ ticketId, eventId }, otherEventKeys.privateKey);
    expect(verifyTicketToken(foreign, eventKeys.publicKey)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('reports a well-signed token for a different event as wrong-event', () => {
    expect(verifyTicketToken(token, eventKeys.publicKey, 'another-event')).toEqual({
      ok: false,
      reason: 'wrong-event',
    });
  });

  it('checks the signature before the event, so a forged foreign token is bad-signature', () => {
    const foreign = signTicketToken({ ticketId, eventId: 'other' }, otherEventKeys.privateKey);
    expect(verifyTicketToken(foreign, eventKeys.publicKey, eventId)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rejects a payload swapped in from another valid token', () => {
    const other = signTicketToken({ ticketId: 'someone-else', eventId }, eventKeys.privateKey);
    const [prefix, , signature] = token.split('.');
    const [, otherPayload] = other.split('.');
    expect(verifyTicketToken(`${prefix}.${otherPayload}.${signature}`, eventKeys.publicKey)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rejects every truncation of the token', () => {
    for (let length = 0; length < token.length; length++) {
      expect(verifyTicketToken(token.slice(0, length), eventKeys.publicKey).ok).toBe(false);
    }
  });

  it('rejects a truncated payload even when re-signed parts are kept', () => {
    const [prefix, payload, signature] = token.split('.');
    for (let cut = 1; cut < payload!.length; cut++) {
      const result = verifyTicketToken(
        `${prefix}.${payload!.slice(0, -cut)}.${signature}`,
        eventKeys.publicKey,
      );
      expect(result.ok).toBe(false);
    }
  });

  it('rejects a payload with trailing bytes', () => {
    const [prefix, payload, signature] = token.split('.');
    const bytes = decodeBase64Url(payload!)!;
    const longer = encodeBase64Url(new Uint8Array([...bytes, 0]));
    expect(verifyTicketToken(`${prefix}.${longer}.${signature}`, eventKeys.publicKey)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('rejects a non-canonical payload spelling of the same ids', () => {
    // The same UUID written with the UTF-8 tag instead of the UUID tag.
    const text = new TextEncoder().encode(ticketId);
    const [prefix, payload, signature] = token.split('.');
    const eventPart = decodeBase64Url(payload!)!.subarray(17);
    const respelled = encodeBase64Url(new Uint8Array([3, text.length, ...text, ...eventPart]));
    expect(parseTicketTokenUnverified(`${prefix}.${respelled}.${signature}`)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it.each(['UT2', 'UT0', 'ut1', 'UT', 'UT11', 'XX1', ''])('rejects the version prefix %j', (prefix) => {
    const [, payload, signature] = token.split('.');
    expect(verifyTicketToken(`${prefix}.${payload}.${signature}`, eventKeys.publicKey)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it.each([
    ['padding characters', `${token}==`],
    ['a standard-base64 character', replaceAt(token, 5, '+')],
    ['a standard-base64 character in the signature', replaceAt(token, token.length - 3, '/')],
    ['an extra segment', `${token}.AAAA`],
    ['a missing segment', token.split('.').slice(0, 2).join('.')],
    ['surrounding whitespace', ` ${token} `],
    ['a trailing newline', `${token}\n`],
  ])('rejects a token with %s', (_label, text) => {
    expect(verifyTicketToken(text, eventKeys.publicKey).ok).toBe(false);
  });
});

describe('garbage input never throws', () => {
  const garbage: unknown[] = [
    '',
    ' ',
    '\n\t',
    '.',
    '..',
    'UT1..',
    'UT1.AA.AA',
    `UT1.AAAA.${'A'.repeat(86)}`,
    'https://example.com/ticket/123',
    'hello world',
    '🎉🎉🎉',
    'टिकट',
    '\u0000\u0001\u0002',
    `UT1.${'\uD800'.repeat(10)}.x`,
    'A'.repeat(10_000_000),
    `UT1.${'A'.repeat(1_000_000)}.${'A'.repeat(86)}`,
    null,
    undefined,
    42,
    {},
    [],
    true,
    Symbol('qr'),
    new Uint8Array(10),
  ];

  it.each(garbage.map((value, index) => [index, value]))('input #%i is malformed', (_index, value) => {
    expect(verifyTicketToken(value, eventKeys.publicKey)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseTicketTokenUnverified(value)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects random strings of base64url characters', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 500; round++) {
      const length = Math.floor(random() * 200);
      let text = 'UT1.';
      for (let i = 0; i < length; i++) text += `${BASE64URL}.`[Math.floor(random() * 65)];
      expect(() => verifyTicketToken(text, eventKeys.publicKey)).not.toThrow();
      expect(verifyTicketToken(text, eventKeys.publicKey).ok).toBe(false);
    }
  });
});

describe('normalizing a scanned code', () => {
  it('trims the scanned text', () => {
    expect(normalizeScannedCode(`  ${token}\n`)).toEqual({ ok: true, code: token });
  });

  it.each([
    ['an empty string', ''],
    ['whitespace only', ' \t\n\r '],
    ['null', null],
    ['undefined', undefined],
    ['a number', 123],
    ['an object', { qrCode: token }],
    ['an array', [token]],
  ])('rejects %s with the product message', (_label, value) => {
    expect(normalizeScannedCode(value)).toEqual({ ok: false, error: QR_EMPTY_OR_MALFORMED_MESSAGE });
    expect(QR_EMPTY_OR_MALFORMED_MESSAGE).toBe('QR code is empty or malformed');
  });

  it('keeps unicode text as it is, leaving the verdict to verification', () => {
    expect(normalizeScannedCode(' गरबा ')).toEqual({ ok: true, code: 'गरबा' });
    expect(verifyTicketToken('गरबा', eventKeys.publicKey)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('strict base64url', () => {
  it('round-trips every length from 0 to 70 bytes', () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      const text = encodeBase64Url(bytes);
      expect(text).not.toContain('=');
      expect(decodeBase64Url(text)).toEqual(bytes);
    }
  });

  it('refuses impossible lengths, foreign characters and non-zero padding bits', () => {
    expect(decodeBase64Url('A')).toBeNull();
    expect(decodeBase64Url('AA==')).toBeNull();
    expect(decodeBase64Url('A+')).toBeNull();
    expect(decodeBase64Url('AB')).toBeNull();
    expect(decodeBase64Url('AQ')).toEqual(new Uint8Array([1]));
  });
});

describe("buildTicketToken (a signer of the caller's choice)", () => {
  const secretKey = decodeBase64Url(eventKeys.privateKey)!;

  it("with the same Ed25519 key makes exactly signTicketToken's token", () => {
    expect(buildTicketToken({ ticketId, eventId }, (message) => ed.sign(message, secretKey))).toBe(token);
  });

  it('refuses a signature that is not 64 bytes', () => {
    expect(() => buildTicketToken({ ticketId, eventId }, () => new Uint8Array(63))).toThrow(TypeError);
  });
});
