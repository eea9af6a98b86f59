import type { EventDetails, OrganiserContact, TicketDocument } from '../../../src/platform/documents/types';

// Small factories for document and email tests; each call returns fresh data.

export function newEvent(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    name: 'Utsav Pre-Navratri Garba Night',
    date: '2026-11-21',
    startTime: '18:30',
    endTime: '22:30',
    venue: 'NSCI Dome, Worli, Mumbai',
    description: 'Garba and Raas with live dhol.',
    ...overrides,
  };
}

let sequence = 0;

/** A ticket whose token is as long as a real signed one (~150 characters), so QR versions are realistic. */
export function newTicket(overrides: Partial<TicketDocument> = {}): TicketDocument {
  sequence += 1;
  const id = `0193a4b2-7c1d-7e5f-9a2b-${String(sequence).padStart(12, '0')}`;
  const signature = Buffer.alloc(64, sequence).toString('base64url');
  const code = `UT-ABCD${String(sequence).padStart(6, '0')}`;
  return { id, code, qrToken: `v1.${id}.evt-2026.${signature}`, price: 299, ...overrides };
}

/** An organiser profile's contacts, as documents and emails print them. */
export function newOrganiser(
  overrides: Partial<NonNullable<OrganiserContact>> = {},
): NonNullable<OrganiserContact> {
  return {
    name: 'Navratri Nights Pvt Ltd',
    supportEmail: 'help@navratri-nights.example',
    supportPhone: '+91 98200 12345',
    supportHours: '11:00-19:00, Monday to Friday',
    ...overrides,
  };
}
