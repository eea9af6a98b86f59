import { describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketToken } from '../src/qr-token';
import {
  displayTicketCode,
  normalizeTicketCode,
  ticketCodeDigest,
  ticketWithTypedCode,
} from '../src/ticket-code';

describe('normalizing a typed ticket code', () => {
  it('forgives case, separators anywhere, a missing prefix and O/I/L', () => {
    expect(normalizeTicketCode('ut-7k2m9p4qxz')).toBe('UT-7K2M9P4QXZ');
    expect(normalizeTicketCode('7K2M 9P4Q XZ')).toBe('UT-7K2M9P4QXZ');
    expect(normalizeTicketCode('UT-OIL2M9P4QX')).toBe('UT-0112M9P4QX');
  });

  it('reads a code however many separators surround its characters', () => {
    expect(normalizeTicketCode(` U - T - ${'7 K 2 M 9 P 4 Q X Z'.split(' ').join(' -- ')} `)).toBe(
      'UT-7K2M9P4QXZ',
    );
    expect(normalizeTicketCode(`${'.'.repeat(200)}UT7K2M9P4QXZ${'_'.repeat(200)}`)).toBe('UT-7K2M9P4QXZ');
  });

  it('is not a typed code with more characters than UT and ten, or fewer than ten', () => {
    expect(normalizeTicketCode('UT-7K2M9P4QXZ1')).toBeNull();
    expect(normalizeTicketCode('7K2M9P4QX')).toBeNull();
    expect(normalizeTicketCode('UT-7K2M9P4QXU')).toBeNull();
  });

  it('is never a scanned QR token', () => {
    const keys = generateEventKeyPair();
    const token = signTicketToken(
      { ticketId: '3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c4b12', eventId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
      keys.privateKey,
    );
    expect(normalizeTicketCode(token)).toBeNull();
  });
});

describe('writing a ticket code for people', () => {
  it('is always the canonical UT-XXXXXXXXXX', () => {
    expect(displayTicketCode('UT-MXTVKC0CP4')).toBe('UT-MXTVKC0CP4');
    expect(displayTicketCode('mxtvkc0cp4')).toBe('UT-MXTVKC0CP4');
    expect(displayTicketCode(' ut-mxtv-kcoc-p4 ')).toBe('UT-MXTVKC0CP4');
  });

  it('leaves text that is not a code as given (trimmed)', () => {
    expect(displayTicketCode(' TVKC0CP4 ')).toBe('TVKC0CP4');
  });
});

describe('the typed-code digest of an offline ticket list', () => {
  const key = 'q0VnOqfJ1H7dJ6cY7tq3dXbT0WmV4c2bYx1Zp9KfL2E';
  const code = 'UT-7K2M9P4QXZ';
  const tickets = ['a', 'b', 'c'].map((letter) => ({
    id: `0193a4b2-7c1d-7e5f-9a2b-00000000000${letter}`,
    code: `UT-7K2M9P4QX${letter.toUpperCase()}`,
  }));
  const list = tickets.map((ticket) => ({
    id: ticket.id,
    codeDigest: ticketCodeDigest(key, ticket.id, ticket.code),
  }));

  it('binds the ticket: the same code hashes differently for another ticket, so one guess tests one ticket', () => {
    expect(ticketCodeDigest(key, tickets[0]!.id, code)).not.toBe(ticketCodeDigest(key, tickets[1]!.id, code));
    expect(ticketCodeDigest(key, tickets[0]!.id, code)).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('finds the ticket a typed code belongs to, and nothing for a code of no ticket', () => {
    expect(ticketWithTypedCode(key, tickets[1]!.code, list)).toBe(list[1]);
    expect(ticketWithTypedCode(key, 'UT-0000000000', list)).toBeUndefined();
    // Another snapshot's key matches nothing.
    expect(ticketWithTypedCode(`A${key.slice(1)}`, tickets[1]!.code, list)).toBeUndefined();
  });

  it('skips tickets without a digest (a list stored before digests existed)', () => {
    expect(ticketWithTypedCode(key, tickets[0]!.code, [{ id: tickets[0]!.id }])).toBeUndefined();
  });
});
