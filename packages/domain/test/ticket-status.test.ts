import { describe, expect, it } from 'vitest';
import { countShownStatuses, SHOWN_TICKET_STATUSES, shownTicketStatus } from '../src/ticket-status';

describe('the status a ticket shows', () => {
  it('is its stored status, except that a ticket revoked by a transfer is transferred', () => {
    expect(shownTicketStatus({ status: 'active' })).toBe('active');
    expect(shownTicketStatus({ status: 'used', transferredAt: null })).toBe('used');
    expect(shownTicketStatus({ status: 'cancelled' })).toBe('cancelled');
    expect(shownTicketStatus({ status: 'cancelled', transferredAt: '2026-10-01T10:00:00.000Z' })).toBe(
      'transferred',
    );
  });

  it('reads an unknown stored status as active (the only status a new kind of row can have)', () => {
    expect(shownTicketStatus({ status: 'whatever' })).toBe('active');
  });

  it('counts every shown status, each present, and the total', () => {
    expect(
      countShownStatuses([
        { status: 'active' },
        { status: 'cancelled' },
        { status: 'cancelled', transferredAt: '2026-10-01T10:00:00.000Z' },
        { status: 'used' },
        { status: 'active' },
      ]),
    ).toEqual({ active: 2, used: 1, cancelled: 1, transferred: 1, total: 5 });
    expect(countShownStatuses([])).toEqual({ active: 0, used: 0, cancelled: 0, transferred: 0, total: 0 });
  });

  it('lists the statuses in the order screens show them', () => {
    expect(SHOWN_TICKET_STATUSES).toEqual(['active', 'used', 'cancelled', 'transferred']);
  });
});
