import { describe, expect, it } from 'vitest';
import { STATUS_UNDO_WINDOW_MS, statusChangeEffect, statusUndoRefusal } from '../src/ticket-status-change';

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
