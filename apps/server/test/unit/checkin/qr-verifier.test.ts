import * as crypto from 'node:crypto';
import { generateEventKeyPair, signTicketToken } from '@utsav/domain/qr-token';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticTicketId, verifiedTicketId } from '../../../src/modules/checkin/qr-verifier';

// The server's QR check (modules/checkin/qr-verifier.ts): the native Ed25519 check, the per-instance memory
// of codes that verified, which must answer exactly what checking again would, and the check against the token
// the server stored with the ticket, which must refuse what the signature check refuses.

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const EVENT_ID = '0b8f4a52-5f0e-4d3c-9a8e-1f2d3c4b5a69';
const TICKET_ID = '5d3c2b1a-0f9e-4d8c-8b7a-6a5b4c3d2e1f';
const keys = generateEventKeyPair();
const event = { id: EVENT_ID, qr_public_key: keys.publicKey };
const verifications = () => vi.mocked(crypto.verify).mock.calls.length;

describe('verifiedTicketId', () => {
  beforeEach(() => {
    vi.mocked(crypto.verify).mockClear();
  });

  it('names the ticket of a genuine code, and checks its signature once however often it is scanned', () => {
    const code = signTicketToken({ ticketId: TICKET_ID, eventId: EVENT_ID }, keys.privateKey);
    expect(verifiedTicketId(code, event)).toBe(TICKET_ID);
    expect(verifiedTicketId(code, event)).toBe(TICKET_ID);
    expect(verifiedTicketId(code, event)).toBe(TICKET_ID);
    expect(verifications()).toBe(1);
  });

  it('a remembered code is still refused under another key or for another event', () => {
    const ticketId = crypto.randomUUID();
    const code = signTicketToken({ ticketId, eventId: EVENT_ID }, keys.privateKey);
    expect(verifiedTicketId(code, event)).toBe(ticketId);
    expect(verifiedTicketId(code, { ...event, qr_public_key: generateEventKeyPair().publicKey })).toBeNull();
    expect(verifiedTicketId(code, { ...event, id: crypto.randomUUID() })).toBeNull();
    expect(verifiedTicketId(code, { ...event, qr_public_key: null })).toBeNull();
    expect(verifiedTicketId(code, event)).toBe(ticketId);
  });

  it('a forged code is checked, and refused, every time it is tried', () => {
    const forger = generateEventKeyPair();
    const forged = signTicketToken({ ticketId: crypto.randomUUID(), eventId: EVENT_ID }, forger.privateKey);
    expect(verifiedTicketId(forged, event)).toBeNull();
    expect(verifiedTicketId(forged, event)).toBeNull();
    expect(verifications()).toBe(2);
  });

  it('a genuine code with one signature character changed is refused after the genuine one was remembered', () => {
    const ticketId = crypto.randomUUID();
    const code = signTicketToken({ ticketId, eventId: EVENT_ID }, keys.privateKey);
    expect(verifiedTicketId(code, event)).toBe(ticketId);
    const last = code.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${code.slice(0, -2)}${last}${code.at(-1)}`;
    expect(verifiedTicketId(tampered, event)).toBeNull();
  });
});

describe('authenticTicketId', () => {
  /** The tickets table, as far as the gate reads it: ticket id -> [event id, stored token]. */
  const stored = new Map<string, [string, string]>();
  const reads: string[] = [];
  const storedToken = async (ticketId: string, eventId: string) => {
    reads.push(ticketId);
    const row = stored.get(ticketId);
    return row && row[0] === eventId ? row[1] : undefined;
  };
  const issue = () => {
    const ticketId = crypto.randomUUID();
    const code = signTicketToken({ ticketId, eventId: EVENT_ID }, keys.privateKey);
    stored.set(ticketId, [EVENT_ID, code]);
    return { ticketId, code };
  };

  beforeEach(() => {
    vi.mocked(crypto.verify).mockClear();
    reads.length = 0;
  });

  it('a code equal to the token stored with its ticket names the ticket without an Ed25519 check', async () => {
    const { ticketId, code } = issue();
    expect(await authenticTicketId(code, event, storedToken)).toBe(ticketId);
    expect(verifications()).toBe(0);
    expect(reads).toEqual([ticketId]);
    // Remembered: the mark-used that follows a verify-qr reads nothing more.
    expect(await authenticTicketId(code, event, storedToken)).toBe(ticketId);
    expect(reads).toEqual([ticketId]);
  });

  it('a forged code naming a real ticket is refused, by the signature check, every time', async () => {
    const { ticketId } = issue();
    const forged = signTicketToken({ ticketId, eventId: EVENT_ID }, generateEventKeyPair().privateKey);
    expect(await authenticTicketId(forged, event, storedToken)).toBeNull();
    expect(await authenticTicketId(forged, event, storedToken)).toBeNull();
    expect(verifications()).toBe(2);
  });

  it('the stored code with one character changed is refused', async () => {
    const { code } = issue();
    for (const position of [6, code.indexOf('.', 4) - 5, code.length - 10]) {
      const changed =
        code.slice(0, position) + (code[position] === 'A' ? 'B' : 'A') + code.slice(position + 1);
      expect(await authenticTicketId(changed, event, storedToken), `position ${position}`).toBeNull();
    }
  });

  it('a genuine code whose ticket is gone still verifies by its signature (the gate then says not found)', async () => {
    const { ticketId, code } = issue();
    stored.delete(ticketId);
    expect(await authenticTicketId(code, event, storedToken)).toBe(ticketId);
    expect(verifications()).toBe(1);
  });

  it('a stored token is not accepted for another event, nor without the event key', async () => {
    const { code } = issue();
    expect(await authenticTicketId(code, { ...event, id: crypto.randomUUID() }, storedToken)).toBeNull();
    expect(await authenticTicketId(code, { ...event, qr_public_key: null }, storedToken)).toBeNull();
  });
});
