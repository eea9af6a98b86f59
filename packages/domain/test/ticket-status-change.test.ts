import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '../src/admin-tickets-schema';
import {
  allowedStatusChanges,
  bulkChangeAllowed,
  pastOfShown,
  STATUS_UNDO_WINDOW_MS,
  statusChangeEffect,
  statusChangeMoney,
  statusChangeMoneyNote,
  statusChangeRefusal,
  statusUndoRefusal,
  ticketDeletionRefusal,
} from '../src/ticket-status-change';

describe('a ticket status change', () => {
  it('names the consequence the admin confirms', () => {
    expect(statusChangeEffect('active', 'cancelled')).toBe('releasesSeat');
    expect(statusChangeEffect('used', 'cancelled')).toBe('releasesSeat');
    expect(statusChangeEffect('cancelled', 'active')).toBe('takesSeat');
    expect(statusChangeEffect('cancelled', 'used')).toBe('takesSeat');
    expect(statusChangeEffect('used', 'active')).toBe('clearsAdmission');
    expect(statusChangeEffect('active', 'used')).toBe('recordsAdmission');
    expect(statusChangeEffect('used', 'used')).toBeNull();
  });
});

describe('undoing a status change', () => {
  const at = '2026-10-10T13:00:00.000Z';
  const change = { at, to: 'cancelled' as const };
  const untouched = { status: 'cancelled' as const, updatedAt: at };

  it('is allowed while the ticket is as the change left it, up to the last millisecond of the window', () => {
    expect(statusUndoRefusal(change, untouched, new Date(at))).toBeNull();
    expect(statusUndoRefusal(change, untouched, new Date(Date.parse(at) + STATUS_UNDO_WINDOW_MS))).toBeNull();
  });

  it('is refused once the window has passed', () => {
    const late = new Date(Date.parse(at) + STATUS_UNDO_WINDOW_MS + 1);
    expect(statusUndoRefusal(change, untouched, late)).toBe('UNDO_WINDOW_CLOSED');
  });

  it('is refused when the ticket moved on since (another status, or touched by a scan or an earlier undo)', () => {
    const now = new Date(Date.parse(at) + 1000);
    expect(statusUndoRefusal(change, { status: 'active', updatedAt: at }, now)).toBe('TICKET_CHANGED');
    expect(
      statusUndoRefusal(change, { status: 'cancelled', updatedAt: '2026-10-10T13:00:00.500Z' }, now),
    ).toBe('TICKET_CHANGED');
  });

  it('is refused for a change time that cannot be read', () => {
    expect(statusUndoRefusal({ at: 'never', to: 'cancelled' }, untouched, new Date(at))).toBe(
      'UNDO_WINDOW_CLOSED',
    );
  });
});

describe('a status change of a ticket revoked for good', () => {
  const cancelled = { status: 'cancelled' as const, refunded: false, transferred: false };

  it('refuses re-activating (to active or to used) a transferred or refunded ticket', () => {
    for (const to of ['active', 'used'] as const) {
      expect(statusChangeRefusal({ ...cancelled, transferred: true }, to)).toBe('TRANSFERRED');
      expect(statusChangeRefusal({ ...cancelled, refunded: true }, to)).toBe('REFUNDED');
      // A transfer whose fee was refunded is still a transfer: the recipient holds the seat.
      expect(statusChangeRefusal({ ...cancelled, refunded: true, transferred: true }, to)).toBe(
        'TRANSFERRED',
      );
    }
  });

  it('refuses re-activating a resold ticket, with or without a refund to the seller', () => {
    for (const to of ['active', 'used'] as const) {
      // The fee can take the whole price: a ₹0 refund leaves no refund row, and the buyer still holds the seat.
      expect(statusChangeRefusal({ ...cancelled, resold: true }, to)).toBe('RESOLD');
      expect(statusChangeRefusal({ ...cancelled, resold: true, refunded: true }, to)).toBe('RESOLD');
    }
    expect(statusChangeRefusal({ ...cancelled, resold: true }, 'cancelled')).toBeNull();
  });

  it('lets a plain cancelled ticket come back, and never refuses staying cancelled', () => {
    expect(statusChangeRefusal(cancelled, 'active')).toBeNull();
    expect(statusChangeRefusal(cancelled, 'used')).toBeNull();
    expect(statusChangeRefusal({ ...cancelled, transferred: true }, 'cancelled')).toBeNull();
  });

  it('does not apply to tickets that are not cancelled, whatever their flags', () => {
    for (const status of ['active', 'used'] as const)
      for (const to of TICKET_STATUSES)
        expect(statusChangeRefusal({ status, refunded: true, transferred: true }, to)).toBeNull();
  });
});

describe('the money a status change moves', () => {
  const manualPaid = { pricePaise: 29_900, issuedByAdmin: true, paymentReceived: true };

  it('a manual ticket with its payment received leaves the revenue when cancelled and returns when re-activated', () => {
    expect(statusChangeMoney(manualPaid, 'active', 'cancelled')).toEqual({
      pricePaise: 29_900,
      revenuePaise: -29_900,
    });
    expect(statusChangeMoney(manualPaid, 'cancelled', 'used')).toEqual({
      pricePaise: 29_900,
      revenuePaise: 29_900,
    });
    expect(statusChangeMoney(manualPaid, 'used', 'active').revenuePaise).toBe(0);
  });

  it('an online ticket (its order holds the money) or a complimentary one moves no revenue', () => {
    for (const ticket of [
      { ...manualPaid, issuedByAdmin: false },
      { ...manualPaid, paymentReceived: false },
    ]) {
      for (const from of TICKET_STATUSES)
        for (const to of TICKET_STATUSES) expect(statusChangeMoney(ticket, from, to).revenuePaise).toBe(0);
    }
  });
});

describe('the statuses a ticket may move to', () => {
  const plain = { refunded: false, transferred: false };

  it('are the other two while nothing revoked it for good', () => {
    expect(allowedStatusChanges({ status: 'active', ...plain })).toEqual(['used', 'cancelled']);
    expect(allowedStatusChanges({ status: 'used', ...plain })).toEqual(['active', 'cancelled']);
    expect(allowedStatusChanges({ status: 'cancelled', ...plain })).toEqual(['active', 'used']);
  });

  it('are none for a cancelled ticket that was refunded or transferred (the server refuses the same)', () => {
    for (const past of [
      { refunded: true, transferred: false },
      { refunded: false, transferred: true },
      { refunded: true, transferred: true },
    ]) {
      expect(allowedStatusChanges({ status: 'cancelled', ...past })).toEqual([]);
      for (const to of TICKET_STATUSES)
        if (to !== 'cancelled')
          expect(statusChangeRefusal({ status: 'cancelled', ...past }, to)).not.toBeNull();
    }
  });
});

describe('what a status change says about money', () => {
  const online = { pricePaise: 29_900, issuedByAdmin: false, paymentReceived: true };
  const cash = { pricePaise: 29_900, issuedByAdmin: true, paymentReceived: true };
  const unpaid = { pricePaise: 29_900, issuedByAdmin: true, paymentReceived: false };
  const free = { pricePaise: 0, issuedByAdmin: false, paymentReceived: true };

  it('cancelling a ticket paid online keeps its payment (no refund); bringing it back counts nothing new', () => {
    expect(statusChangeMoneyNote(online, 'active', 'cancelled')).toBe('keepsPayment');
    expect(statusChangeMoneyNote(online, 'used', 'cancelled')).toBe('keepsPayment');
    expect(statusChangeMoneyNote(online, 'cancelled', 'active')).toBe('alreadyCounted');
    expect(statusChangeMoneyNote(online, 'cancelled', 'used')).toBe('alreadyCounted');
  });

  it('cancelling a ticket paid by hand takes its price off the revenue; re-activating counts it again', () => {
    expect(statusChangeMoneyNote(cash, 'active', 'cancelled')).toBe('removesRevenue');
    expect(statusChangeMoneyNote(cash, 'cancelled', 'active')).toBe('addsRevenue');
  });

  it('moves no money between active and used, or on a ticket without money', () => {
    for (const ticket of [online, cash, unpaid, free]) {
      expect(statusChangeMoneyNote(ticket, 'active', 'used')).toBe('noMoney');
      expect(statusChangeMoneyNote(ticket, 'used', 'active')).toBe('noMoney');
    }
    for (const ticket of [unpaid, free]) {
      expect(statusChangeMoneyNote(ticket, 'active', 'cancelled')).toBe('noMoney');
      expect(statusChangeMoneyNote(ticket, 'cancelled', 'active')).toBe('noMoney');
    }
  });
});

describe('a ticket as a screen knows it', () => {
  it('a transferred ticket is a cancelled one revoked by a transfer: nothing brings it back', () => {
    const past = pastOfShown({ status: 'transferred', refunded: false });
    expect(past).toEqual({ status: 'cancelled', refunded: false, transferred: true });
    expect(allowedStatusChanges(past)).toEqual([]);
  });

  it('any other status is the stored one', () => {
    expect(pastOfShown({ status: 'cancelled', refunded: true })).toEqual({
      status: 'cancelled',
      refunded: true,
      transferred: false,
      resold: false,
    });
    expect(pastOfShown({ status: 'used', refunded: false }).status).toBe('used');
  });

  it('a cancelled ticket its resale sold offers no way back; one cancelled otherwise does', () => {
    const resold = pastOfShown({
      status: 'cancelled',
      refunded: false,
      resoldAt: '2026-10-01T10:00:00.000Z',
    });
    expect(resold.resold).toBe(true);
    expect(allowedStatusChanges(resold)).toEqual([]);
    const cancelled = pastOfShown({
      status: 'cancelled',
      refunded: false,
      resoldAt: null,
    });
    expect(allowedStatusChanges(cancelled)).toEqual(['active', 'used']);
  });
});

describe('a bulk change', () => {
  const active = { status: 'active' as const, refunded: false, transferred: false };
  const refunded = { status: 'cancelled' as const, refunded: true, transferred: false };

  it('is accepted only when every ticket may move there or is already there', () => {
    expect(bulkChangeAllowed([active, refunded], 'cancelled')).toBe(true);
    expect(bulkChangeAllowed([active, refunded], 'active')).toBe(false);
    expect(bulkChangeAllowed([active], 'used')).toBe(true);
    expect(bulkChangeAllowed([], 'active')).toBe(true);
  });
});

describe('deleting a ticket', () => {
  const byHand = { fromOrder: false, transferred: false, receivedByTransfer: false };

  it('is for tickets made by hand only', () => {
    expect(ticketDeletionRefusal(byHand)).toBeNull();
    expect(ticketDeletionRefusal({ ...byHand, fromOrder: true })).toBe('BOUGHT_ONLINE');
    expect(ticketDeletionRefusal({ ...byHand, transferred: true })).toBe('TRANSFER');
    expect(ticketDeletionRefusal({ ...byHand, receivedByTransfer: true })).toBe('TRANSFER');
  });
});
