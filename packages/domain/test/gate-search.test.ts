import { describe, expect, it } from 'vitest';
import {
  canAdmitFound,
  GATE_SEARCH_MESSAGES,
  gateAdmitRequestSchema,
  gateSearchQuerySchema,
  maskEmail,
} from '../src/gate-search';

describe('gate search query', () => {
  it('takes three characters or more, trimmed', () => {
    expect(gateSearchQuerySchema.parse({ q: '  Kav ' })).toEqual({ q: 'Kav' });
  });

  it('refuses two characters with the message the volunteer reads', () => {
    const result = gateSearchQuerySchema.safeParse({ q: ' ka ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(GATE_SEARCH_MESSAGES.tooShort);
  });

  it('counts a Gujarati name by its letters, not its UTF-16 units', () => {
    expect(gateSearchQuerySchema.safeParse({ q: 'પ્રિ' }).success).toBe(true);
    expect(gateSearchQuerySchema.safeParse({ q: '😀😀' }).success).toBe(false);
  });

  it('refuses a missing or overlong query', () => {
    expect(gateSearchQuerySchema.safeParse({}).success).toBe(false);
    expect(gateSearchQuerySchema.safeParse({ q: 'a'.repeat(101) }).success).toBe(false);
    expect(gateSearchQuerySchema.safeParse({ q: 'a'.repeat(100) }).success).toBe(true);
  });
});

describe('gate admission by search', () => {
  it('needs a ticket id', () => {
    expect(gateAdmitRequestSchema.safeParse({ ticketId: ' ' }).success).toBe(false);
    expect(gateAdmitRequestSchema.parse({ ticketId: 't1', gate: null })).toEqual({
      ticketId: 't1',
      gate: null,
    });
  });

  it('offers Admit for a ticket not yet in or out on a pass, not for one inside, cancelled or transferred', () => {
    expect(canAdmitFound({ status: 'active', exitedAt: null })).toBe(true);
    expect(canAdmitFound({ status: 'used', exitedAt: '2026-10-10T15:00:00Z' })).toBe(true);
    expect(canAdmitFound({ status: 'used', exitedAt: null })).toBe(false);
    expect(canAdmitFound({ status: 'cancelled', exitedAt: null })).toBe(false);
    expect(canAdmitFound({ status: 'transferred', exitedAt: null })).toBe(false);
  });
});

describe('maskEmail', () => {
  it('shows two characters of the name and the domain', () => {
    expect(maskEmail('kavya.desai@example.test')).toBe('ka•••@example.test');
  });

  it('shows none of a short name', () => {
    expect(maskEmail('abc@x.in')).toBe('•••@x.in');
  });

  it('never shows a string without an address', () => {
    expect(maskEmail('nobody')).toBe('•••');
  });
});
