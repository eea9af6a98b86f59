import * as crypto from 'node:crypto';
import { generateEventKeyPair, signTicketToken } from '@utsav/domain/qr-token';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifiedTicketId } from '../../../src/modules/checkin/qr-verifier';

// The server's QR check (modules/checkin/qr-verifier.ts): the native Ed25519 check, and the per-instance memory
// of codes that verified, which must answer exactly what checking again would.

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
