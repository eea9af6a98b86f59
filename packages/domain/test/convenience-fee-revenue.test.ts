import { describe, expect, it } from 'vitest';
import {
  convenienceFeeRevenueByDay,
  convenienceFeeRevenuePaise,
  isConvenienceFeeLine,
} from '../src/convenience-fee-revenue';

const ticket = (totalPaise: number) => ({ kind: 'admission' as const, description: 'Gold pass', totalPaise });
const fee = (totalPaise: number) => ({ kind: 'fee' as const, description: 'Convenience fee', totalPaise });

describe('convenience fee revenue', () => {
  it('is nothing without documents', () => {
    expect(convenienceFeeRevenuePaise([])).toBe(0);
  });

  it('takes only convenience fee lines: tickets, transfer fees and cancellation charges are other money', () => {
    expect(isConvenienceFeeLine(fee(2_000))).toBe(true);
    expect(isConvenienceFeeLine(ticket(2_000))).toBe(false);
    expect(isConvenienceFeeLine({ kind: 'fee', description: 'Ticket transfer fee', totalPaise: 5_000 })).toBe(
      false,
    );
    expect(
      convenienceFeeRevenuePaise([
        { kind: 'tax-invoice', lines: [ticket(60_000), fee(2_000)] },
        {
          kind: 'tax-invoice',
          lines: [
            { kind: 'fee', description: 'Cancellation charge (kept from the refund)', totalPaise: 2_000 },
          ],
        },
        { kind: 'receipt', lines: [{ kind: 'fee', description: 'Ticket transfer fee', totalPaise: 5_000 }] },
      ]),
    ).toBe(2_000);
  });

  it('counts the fee of a receipt (an organiser not registered) as of an invoice', () => {
    expect(convenienceFeeRevenuePaise([{ kind: 'receipt', lines: [ticket(29_900), fee(748)] }])).toBe(748);
  });

  it("keeps the fee of a guest's cancellation and gives back a call-off's share, to the paisa", () => {
    expect(
      convenienceFeeRevenuePaise([
        { kind: 'tax-invoice', lines: [ticket(59_800), fee(1_497)] },
        // A cancellation: the ticket's line only.
        { kind: 'credit-note', lines: [ticket(29_900)] },
        { kind: 'tax-invoice', lines: [ticket(59_800), fee(1_497)] },
        // A call-off: each ticket with its own share (748 + 749 paise).
        { kind: 'credit-note', lines: [ticket(29_900), fee(748)] },
        { kind: 'credit-note', lines: [ticket(29_900), fee(749)] },
      ]),
    ).toBe(1_497);
  });

  it('per IST day of issue: a credit note counts on the day it gave the fee back, and the days add up', () => {
    const documents = [
      // 23:59 IST on 10 October and 00:00 IST on 11 October.
      {
        kind: 'tax-invoice' as const,
        issuedAt: '2026-10-10T18:29:00.000Z',
        lines: [ticket(60_000), fee(2_000)],
      },
      { kind: 'tax-invoice' as const, issuedAt: '2026-10-10T18:30:00.000Z', lines: [fee(1_500)] },
      {
        kind: 'credit-note' as const,
        issuedAt: '2026-10-12T06:00:00.000Z',
        lines: [ticket(60_000), fee(2_000)],
      },
      { kind: 'credit-note' as const, issuedAt: '2026-10-13T06:00:00.000Z', lines: [ticket(60_000)] },
    ];
    const byDay = convenienceFeeRevenueByDay(documents);
    expect(Object.fromEntries(byDay)).toEqual({
      '2026-10-10': 2_000,
      '2026-10-11': 1_500,
      '2026-10-12': -2_000,
    });
    expect([...byDay.values()].reduce((sum, paise) => sum + paise, 0)).toBe(
      convenienceFeeRevenuePaise(documents),
    );
  });
});
