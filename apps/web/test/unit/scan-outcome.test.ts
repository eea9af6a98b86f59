import type { Language } from '@utsav/domain/languages';
import { generateEventKeyPair, signTicketToken } from '@utsav/domain/qr-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterPrintedCode, explainManualCode } from '../../src/features/scanner/checkin/manual-code';
import {
  checkOffline,
  type OfflineLookup,
  type QueuedAdmission,
  type SnapshotTicket,
} from '../../src/features/scanner/checkin/offline-check';
import {
  admittedOutcome,
  emptyCodeOutcome,
  formatScanTime,
  outcomeForError,
  outcomeForVerifiedTicket,
} from '../../src/features/scanner/checkin/scan-outcome';
import { ApiError } from '../../src/lib/api-client';
import { ensureAreas, loadNeededAreas } from '../../src/lib/i18n/areas';
import { i18n } from '../../src/lib/i18n/i18n';

// The scanner's words live in the catalog area 'scanner', loaded with the scanner's code in the app.
beforeAll(() => ensureAreas(['scanner']));

// The scanner's outcomes (docs/product.md#gate-scanner): the product's texts, word for word.

const NOW = new Date('2026-10-10T14:30:00.000Z'); // 20:00 IST
const USED_AT = '2026-10-10T14:12:00.000Z'; // 19:42 IST

function apiError(status: number, code?: string, body?: unknown, message = 'Server says no') {
  return new ApiError(status, message, code, undefined, { body });
}

describe('outcomes of a verify-qr answer', () => {
  it('an active ticket is not decided yet: it still has to be marked used', () => {
    expect(outcomeForVerifiedTicket({ id: 't1', status: 'active', holderName: 'Asha' })).toBeNull();
  });

  it("a used ticket is 'Already Used' with the previous scan's time and who scanned it", () => {
    const outcome = outcomeForVerifiedTicket(
      { id: 't1', status: 'used', usedAt: USED_AT, scannedBy: { name: 'Ravi' } },
      NOW,
    );
    expect(outcome).toMatchObject({ title: 'Already Used', tone: 'warning', counter: 'alreadyUsed' });
    expect(outcome?.detail).toBe(`Previous scan at ${formatScanTime(USED_AT, NOW)} by Ravi`);
    expect(outcome?.detail).toMatch(/7:42/);
  });

  it("a used ticket's 'Already Used' says whose ticket it is, then when and by whom it was scanned", () => {
    const outcome = outcomeForVerifiedTicket(
      { id: 't1', status: 'used', holderName: 'Meera Shah', usedAt: USED_AT, scannedBy: { name: 'Ravi' } },
      NOW,
    );
    expect(outcome?.detail).toBe(
      `Ticket of Meera Shah. Previous scan at ${formatScanTime(USED_AT, NOW)} by Ravi`,
    );
  });

  it("a cancelled ticket is 'Ticket Cancelled'", () => {
    expect(outcomeForVerifiedTicket({ id: 't1', status: 'cancelled' })).toMatchObject({
      title: 'Ticket Cancelled',
      tone: 'danger',
      counter: 'invalidCodes',
    });
  });

  it("an answer without a recognisable ticket is 'Invalid Ticket'", () => {
    expect(outcomeForVerifiedTicket(undefined)?.title).toBe('Invalid Ticket');
    expect(outcomeForVerifiedTicket({ id: 't1', status: 'weird' })?.title).toBe('Invalid Ticket');
  });
});

describe('outcomes of a failed call', () => {
  it("404 TICKET_NOT_FOUND is 'Ticket Not Found'", () => {
    expect(outcomeForError(apiError(404, 'TICKET_NOT_FOUND')).title).toBe('Ticket Not Found');
  });

  it("any other 404 is 'Invalid QR Format'", () => {
    expect(outcomeForError(apiError(404, 'INVALID_QR')).title).toBe('Invalid QR Format');
    expect(outcomeForError(apiError(404)).title).toBe('Invalid QR Format');
  });

  it("400 ALREADY_USED is 'Already Used' with the usedAt and scannedBy of the error body", () => {
    const outcome = outcomeForError(
      apiError(400, 'ALREADY_USED', {
        success: false,
        code: 'ALREADY_USED',
        usedAt: USED_AT,
        scannedBy: { name: 'Gate A volunteer' },
      }),
      NOW,
    );
    expect(outcome).toMatchObject({ title: 'Already Used', tone: 'warning', counter: 'alreadyUsed' });
    expect(outcome.detail).toBe(`Previous scan at ${formatScanTime(USED_AT, NOW)} by Gate A volunteer`);
  });

  it('400 ALREADY_USED from a lost race says whose ticket it was, then when and by whom', () => {
    const outcome = outcomeForError(
      apiError(400, 'ALREADY_USED', {
        success: false,
        code: 'ALREADY_USED',
        usedAt: USED_AT,
        scannedBy: { name: 'Gate A volunteer' },
        ticket: {
          id: 't1',
          ticketId: 'UT-ABCDEFGHJK',
          status: 'used',
          usedAt: USED_AT,
          scannedBy: { name: 'Gate A volunteer' },
          cancelledAt: null,
          holderName: 'Priya Shah',
        },
      }),
      NOW,
    );
    expect(outcome.detail).toBe(
      `Ticket of Priya Shah. Previous scan at ${formatScanTime(USED_AT, NOW)} by Gate A volunteer`,
    );
  });

  it("400 ALREADY_USED without details still says 'Already Used'", () => {
    expect(outcomeForError(apiError(400, 'ALREADY_USED')).title).toBe('Already Used');
  });

  it("400 TICKET_TRANSFERRED and a transferred ticket are 'Ticket Transferred'", () => {
    expect(outcomeForError(apiError(400, 'TICKET_TRANSFERRED')).title).toBe('Ticket Transferred');
    expect(outcomeForVerifiedTicket({ id: 't1', status: 'transferred' })).toMatchObject({
      tone: 'danger',
      title: 'Ticket Transferred',
    });
  });

  it("400 TICKET_RESOLD and a verified ticket cancelled as Resold are 'Ticket Resold', not cancelled", () => {
    expect(outcomeForError(apiError(400, 'TICKET_RESOLD'))).toMatchObject({
      tone: 'danger',
      title: 'Ticket Resold',
      counter: 'invalidCodes',
    });
    expect(
      outcomeForVerifiedTicket({ id: 't1', status: 'cancelled', resoldAt: '2026-10-01T10:00:00.000Z' }),
    ).toMatchObject({ tone: 'danger', title: 'Ticket Resold' });
    expect(outcomeForVerifiedTicket({ id: 't1', status: 'cancelled', resoldAt: null })).toMatchObject({
      title: 'Ticket Cancelled',
    });
  });

  it("400 TICKET_CANCELLED is 'Ticket Cancelled'", () => {
    expect(outcomeForError(apiError(400, 'TICKET_CANCELLED')).title).toBe('Ticket Cancelled');
  });

  it("any other 400 is 'Invalid Request' with the server's message", () => {
    const outcome = outcomeForError(apiError(400, 'VALIDATION_FAILED', undefined, 'qrCode is required'));
    expect(outcome).toMatchObject({
      title: 'Invalid Request',
      detail: 'qrCode is required',
      counter: 'invalidCodes',
    });
  });

  it("no answer at all is 'Network Error, check your internet connection'", () => {
    const outcome = outcomeForError(new ApiError(0, 'Network error.', 'NETWORK_ERROR'));
    expect(outcome).toMatchObject({ title: 'Network Error, check your internet connection', counter: null });
  });

  it("anything else is 'Verification Failed' / 'Unable to verify ticket'", () => {
    for (const error of [apiError(500), apiError(403, 'FORBIDDEN'), new Error('boom'), 'nonsense']) {
      expect(outcomeForError(error)).toMatchObject({
        title: 'Verification Failed',
        detail: 'Unable to verify ticket',
        counter: null,
      });
    }
  });
});

describe('outcomes decided on the device', () => {
  it("an empty code is 'Invalid QR Code'", () => {
    expect(emptyCodeOutcome()).toMatchObject({ title: 'Invalid QR Code', counter: 'invalidCodes' });
  });

  it("an admission welcomes the guest by name: 'Entry Allowed, Welcome {name}!'", () => {
    expect(admittedOutcome('Asha Patel')).toMatchObject({
      title: 'Entry Allowed, Welcome Asha Patel!',
      tone: 'success',
      counter: 'validEntries',
    });
    expect(admittedOutcome('Asha', true)).toMatchObject({
      title: 'Entry Allowed, Welcome Asha!',
      offline: true,
    });
  });
});

describe("the ticket's type at the gate", () => {
  const couple = { id: 'type-couple', name: 'Couple pass', colour: '#BE185D', admits: 2 };

  it('an admission carries the type the server named, to be shown large in its colour', () => {
    expect(admittedOutcome('Asha', false, false, couple)).toMatchObject({
      tone: 'success',
      ticketType: couple,
    });
    expect(admittedOutcome('Asha', false, false, null)).not.toHaveProperty('ticketType');
  });

  it("'Already Used' still says which pass it is", () => {
    const outcome = outcomeForVerifiedTicket(
      { id: 't1', status: 'used', usedAt: USED_AT, ticketType: couple },
      NOW,
    );
    expect(outcome).toMatchObject({ title: 'Already Used', ticketType: couple });
  });

  it('"admits 2" in every language of the app', async () => {
    await ensureAreas(['tickets']);
    const said = async (language: Language) => {
      await loadNeededAreas(language);
      await i18n.changeLanguage(language);
      return i18n.t('tickets.type.admits', { count: 2 });
    };
    expect(await said('en')).toBe('admits 2');
    expect(await said('hi')).toBe('2 लोगों का प्रवेश');
    expect(await said('gu')).toBe('2 લોકોનો પ્રવેશ');
    await i18n.changeLanguage('en');
  });
});

describe('offline check against the stored ticket list', () => {
  const keys = generateEventKeyPair();
  const otherKeys = generateEventKeyPair();
  const EVENT = 'evt-1';
  const TICKET = '0b6f7a3e-3c1d-4f59-9d4e-8a1b2c3d4e5f';
  const code = signTicketToken({ ticketId: TICKET, eventId: EVENT }, keys.privateKey);
  const meta = {
    eventId: EVENT,
    eventName: 'Utsav',
    publicKey: keys.publicKey,
    generatedAt: NOW.toISOString(),
    downloadedAt: NOW.toISOString(),
    ticketCount: 1,
  };

  function lookup(ticket?: Partial<SnapshotTicket>, queued?: QueuedAdmission): OfflineLookup {
    const row: SnapshotTicket = {
      id: TICKET,
      status: 'active',
      holderFirstName: 'Asha',
      usedAt: null,
      ...ticket,
    };
    return {
      meta,
      ticket: (id) => (id === TICKET && ticket !== undefined ? row : undefined),
      queued: (id) => (id === TICKET ? queued : undefined),
    };
  }

  it('admits an active ticket with a good signature, by first name, marked offline', () => {
    const decision = checkOffline(code, lookup({}));
    expect(decision).toMatchObject({ admit: true, ticketId: TICKET, holderFirstName: 'Asha' });
    expect(decision.outcome).toMatchObject({ title: 'Entry Allowed, Welcome Asha!', offline: true });
  });

  it('admits a guest back from a pass offline as a re-entry (re-entry on), counted apart', () => {
    const base = lookup({ status: 'used', usedAt: USED_AT, exitedAt: USED_AT });
    const decision = checkOffline(code, { ...base, meta: { ...meta, reentryAllowed: true } });
    expect(decision).toMatchObject({ admit: true, ticketId: TICKET });
    expect(decision.outcome).toMatchObject({ tone: 'success', offline: true, reentry: true });
  });

  it('records an exit offline as an exit, counted as one', () => {
    const base = lookup({ status: 'used', usedAt: USED_AT, exitedAt: null });
    const decision = checkOffline(code, { ...base, meta: { ...meta, reentryAllowed: true } }, NOW, 'out');
    expect(decision.outcome).toMatchObject({ tone: 'exit', counter: 'exits', offline: true });
  });

  it("refuses a ticket this device already admitted offline as 'Already Used'", () => {
    const queued = {
      localId: 'l1',
      ticketId: TICKET,
      qrCode: code,
      scannedAt: USED_AT,
      holderFirstName: 'Asha',
    };
    const decision = checkOffline(code, lookup({}, queued), NOW);
    expect(decision.admit).toBe(false);
    expect(decision.outcome.title).toBe('Already Used');
    expect(decision.outcome.detail).toContain('this device');
    expect(decision.outcome.detail).toMatch(/^Ticket of Asha\. /);
  });

  it('refuses a ticket the list says is used or cancelled', () => {
    expect(checkOffline(code, lookup({ status: 'used', usedAt: USED_AT }), NOW).outcome.title).toBe(
      'Already Used',
    );
    expect(checkOffline(code, lookup({ status: 'cancelled' })).outcome.title).toBe('Ticket Cancelled');
    const transferred = checkOffline(code, lookup({ status: 'transferred' }));
    expect(transferred).toMatchObject({ admit: false, outcome: { title: 'Ticket Transferred' } });
  });

  it("refuses a ticket the list marks resold as 'Ticket Resold', in either direction and by its typed code", () => {
    const resold = checkOffline(code, lookup({ status: 'cancelled', resold: true }));
    expect(resold).toMatchObject({
      admit: false,
      outcome: { tone: 'danger', title: 'Ticket Resold', counter: 'invalidCodes' },
    });
    expect(resold.outcome.detail).toMatch(/new QR code/);
    const base = lookup({ status: 'cancelled', resold: true });
    const out = checkOffline(code, { ...base, meta: { ...meta, reentryAllowed: true } }, NOW, 'out');
    expect(out.outcome.title).toBe('Ticket Resold');
    const typed = checkOffline('UT-ABCDEFGHJK', {
      ...base,
      meta: { ...meta, codeKey: 'key' },
      withTypedCode: () => ({
        id: TICKET,
        status: 'cancelled',
        holderFirstName: 'Asha',
        usedAt: null,
        resold: true,
      }),
    });
    expect(typed.outcome.title).toBe('Ticket Resold');
  });

  it('refuses a code signed with another key, or for another event', () => {
    const forged = signTicketToken({ ticketId: TICKET, eventId: EVENT }, otherKeys.privateKey);
    expect(checkOffline(forged, lookup({})).outcome.title).toBe('Invalid Ticket');
    const otherEvent = signTicketToken({ ticketId: TICKET, eventId: 'evt-2' }, keys.privateKey);
    expect(checkOffline(otherEvent, lookup({})).outcome.title).toBe('Invalid Ticket');
  });

  it('refuses a code with one changed character', () => {
    const last = code.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${code.slice(0, -2)}${last}${code.at(-1)}`;
    expect(checkOffline(tampered, lookup({})).admit).toBe(false);
  });

  it("calls text that is not a ticket code 'Invalid QR Format'", () => {
    expect(checkOffline('https://example.com', lookup({})).outcome.title).toBe('Invalid QR Format');
  });

  it('admits a correctly signed ticket issued after the list was downloaded, as Guest', () => {
    const decision = checkOffline(code, lookup(undefined));
    expect(decision).toMatchObject({ admit: true, holderFirstName: null });
    expect(decision.outcome.title).toBe('Entry Allowed, Welcome Guest!');
  });

  it('cannot decide without a downloaded list', () => {
    const decision = checkOffline(code, { meta: null, ticket: () => undefined, queued: () => undefined });
    expect(decision.admit).toBe(false);
    expect(decision.outcome.title).toBe('Network Error, check your internet connection');
  });
});

describe('manual entry', () => {
  const ticket: SnapshotTicket = {
    id: '0b6f7a3e-3c1d-4f59-9d4e-8a1b2c3d4e5f',
    status: 'active',
    holderFirstName: 'Asha',
    usedAt: null,
  };
  const find = (id: string) => (id === ticket.id ? ticket : undefined);

  it('passes a full ticket code on to be checked', () => {
    expect(explainManualCode('  UT1.abc.def ', find)).toBeNull();
  });

  it('never admits by ticket id, but says what the list knows about it', () => {
    const hint = explainManualCode(ticket.id, find);
    // The list has no printed codes, and an internal id is no code a guest knows: none is shown.
    expect(hint).toContain("Asha's ticket is not yet used");
    expect(hint).not.toContain('2c3d4e5f');
    expect(hint).toContain(enterPrintedCode());
  });

  it('passes the printed ticket code, typed any way, on to be checked like a QR', () => {
    expect(explainManualCode('UT-7K2M9QX4AB', find)).toBeNull();
    expect(explainManualCode('ut 7k2m 9qx4 ab', find)).toBeNull();
    expect(explainManualCode('', find)).toBe(enterPrintedCode());
  });
});

// A scan's time reads as every other time in the app (the domain's clock), in the gate's language.
describe('the time of a scan', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', '7:42 PM'],
    ['hi', 'शाम 7:42'],
    ['gu', 'સાંજે 7:42'],
  ])('today in %s is the time alone: %s', async (language, expected) => {
    await i18n.changeLanguage(language);
    expect(formatScanTime(USED_AT, NOW)).toBe(expected);
  });

  it('an earlier day puts the date in front', async () => {
    await i18n.changeLanguage('en');
    expect(formatScanTime('2026-10-09T14:12:00.000Z', NOW)).toBe('9 Oct, 7:42 PM');
  });
});
