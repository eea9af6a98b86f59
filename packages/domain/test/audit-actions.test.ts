import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_NO,
  AUDIT_VALUE_LABELS,
  AUDIT_YES,
  type AuditAction,
  auditActionLabel,
  auditFactRefs,
  auditFacts,
} from '../src/audit-actions';
import gu from '../src/messages/gu.json' with { type: 'json' };
import hi from '../src/messages/hi.json' with { type: 'json' };

// The audit log's words: every action the server may write (its writer takes only an AuditAction, so this list
// is every action it writes) has a label in English, Hindi and Gujarati, as has every fact and code word; and
// an entry's data reads as typed facts (money, instants, people, ticket types, counts, words).

const catalogs = [
  ['hi', hi as Record<string, string>],
  ['gu', gu as Record<string, string>],
] as const;

describe('audit log labels', () => {
  it('names every action in English', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(50);
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action].trim(), action).not.toBe('');
      expect(auditActionLabel(action)).toBe(AUDIT_ACTION_LABELS[action]);
    }
    expect(auditActionLabel('made.up')).toBeNull();
  });

  it.each(catalogs)('%s has every action, fact and word', (_language, catalog) => {
    const english = [
      ...Object.values(AUDIT_ACTION_LABELS),
      ...Object.values(AUDIT_FIELD_LABELS),
      ...Object.values(AUDIT_VALUE_LABELS),
      ...Object.values(AUDIT_ENTITY_LABELS),
      AUDIT_YES,
      AUDIT_NO,
    ];
    for (const sentence of english) expect(catalog[sentence], sentence).toBeTruthy();
  });

  it('spells the refund and waiting-list actions the server makes from a state', () => {
    // gateway.ts writes `refund.${status}` and offers.ts `waitlist.${outcome}`: each is a named action.
    const refund: AuditAction[] = ['refund.processing', 'refund.processed', 'refund.failed'];
    const waitlist: AuditAction[] = ['waitlist.bought', 'waitlist.expired'];
    for (const action of [...refund, ...waitlist]) expect(AUDIT_ACTIONS).toContain(action);
  });
});

describe('auditFacts', () => {
  it('reads amounts, instants, people, types, tickets, counts and words', () => {
    const facts = auditFacts('tickets.issued_manually', {
      ticketIds: ['a', 'b', 'c'],
      quantity: 3,
      ticketTypeId: 'type-1',
      pricePerTicketPaise: 150_000,
      free: false,
      notes: null,
      issuedByUserId: 'user-9',
      ticketId: 'ticket-4',
      freeRefundUntil: '2026-10-20T18:30:00.000Z',
      source: 'webhook',
      reason: 'Rain in Mumbai',
    });
    expect(facts).toEqual([
      { key: 'ticketIds', label: 'Tickets', value: { kind: 'count', value: 3 } },
      { key: 'quantity', label: 'Tickets', value: { kind: 'count', value: 3 } },
      { key: 'ticketTypeId', label: 'Ticket type', value: { kind: 'ticket-type', id: 'type-1' } },
      { key: 'pricePerTicketPaise', label: 'Price per ticket', value: { kind: 'money', paise: 150_000 } },
      { key: 'free', label: 'Free', value: { kind: 'yes-no', value: false } },
      { key: 'issuedByUserId', label: 'Issued by', value: { kind: 'person', userId: 'user-9' } },
      { key: 'ticketId', label: 'Ticket', value: { kind: 'ticket', id: 'ticket-4' } },
      {
        key: 'freeRefundUntil',
        label: 'Free refunds until',
        value: { kind: 'instant', iso: '2026-10-20T18:30:00.000Z' },
      },
      { key: 'source', label: 'Source', value: { kind: 'word', text: 'Razorpay notice' } },
      { key: 'reason', label: 'Reason', value: { kind: 'text', text: 'Rain in Mumbai' } },
    ]);
    expect(auditFactRefs(facts)).toEqual({
      userIds: new Set(['user-9']),
      typeIds: new Set(['type-1']),
      ticketIds: new Set(['ticket-4']),
    });
  });

  it('reads a postponement as before and after, with dates and times', () => {
    const [before] = auditFacts('event.postponed', {
      before: { date: '2026-10-10', startTime: '19:00', endTime: '23:00', venue: 'NSCI Dome' },
    });
    expect(before).toEqual({
      key: 'before',
      label: 'Before',
      value: {
        kind: 'group',
        fields: [
          { key: 'date', label: 'Date', value: { kind: 'date', date: '2026-10-10' } },
          { key: 'startTime', label: 'Starts', value: { kind: 'time', time: '19:00' } },
          { key: 'endTime', label: 'Ends', value: { kind: 'time', time: '23:00' } },
          { key: 'venue', label: 'Venue', value: { kind: 'text', text: 'NSCI Dome' } },
        ],
      },
    });
  });

  it('keeps names as written, lists type ids by type, and shows an unknown key as itself', () => {
    expect(auditFacts('ticket.holder-named', { from: 'Active', to: 'Used' })).toEqual([
      { key: 'from', label: 'Changed from', value: { kind: 'text', text: 'Active' } },
      { key: 'to', label: 'Changed to', value: { kind: 'text', text: 'Used' } },
    ]);
    expect(auditFacts('ticket.status_changed', { from: 'active', to: 'cancelled', extra: 2 })).toEqual([
      { key: 'from', label: 'Changed from', value: { kind: 'word', text: 'Active' } },
      { key: 'to', label: 'Changed to', value: { kind: 'word', text: 'Cancelled' } },
      { key: 'extra', label: 'extra', value: { kind: 'count', value: 2 } },
    ]);
    expect(auditFacts('message.sent', { ticketTypeIds: ['t1', 't2'], languages: [] })).toEqual([
      {
        key: 'ticketTypeIds',
        label: 'Ticket types',
        value: {
          kind: 'list',
          items: [
            { kind: 'ticket-type', id: 't1' },
            { kind: 'ticket-type', id: 't2' },
          ],
        },
      },
    ]);
    expect(auditFacts('resale.settings', { fee: 25.5 })).toEqual([
      { key: 'fee', label: 'Fee', value: { kind: 'money', paise: 2550 } },
    ]);
    expect(auditFacts('user.linked', null)).toEqual([]);
  });
});
