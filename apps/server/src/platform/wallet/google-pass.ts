import { createHash, createPrivateKey } from 'node:crypto';
import { GOOGLE_WALLET_SAVE_URL } from '@utsav/domain/wallet';
import { SignJWT } from 'jose';
import { ticketTypeLabel } from '../documents/ticket-type-label';
import { translator } from '../i18n/messages';
import type { WalletTicket } from './types';

// Google Wallet's "Save to Google Wallet" link: https://pay.google.com/gp/v/save/<JWT>, the JWT signed
// (RS256) by the organiser's service account and carrying the event ticket class and object inline, so
// no call to Google's API is needed per ticket. Google checks the signature against the service account's
// published keys and the `origins` against the page the link is on.

export interface GooglePassSigner {
  issuerId: string;
  serviceAccountEmail: string;
  /** PEM (PKCS#8), as in the service account's key file. */
  privateKey: string;
}

function localized(value: string) {
  return { defaultValue: { language: 'en-IN', value } };
}

/** The JWT's `payload` claim: one event ticket class (the event) and one object (this ticket). */
export function googlePassPayload(ticket: WalletTicket, issuerId: string) {
  const { event } = ticket;
  // Ids allow letters, digits, '.', '_' and '-', prefixed by the issuer id. Google keeps the class and object a
  // save link first created and ignores a later link's copy of them, so a night that moved gets ids of its new
  // schedule: the moved mail's link then saves a pass with the new date and venue.
  const schedule = event.moved ? `-${scheduleVersion(event)}` : '';
  const classId = `${issuerId}.utsav-event-${event.id}${schedule}`;
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: ticket.issuer,
        reviewStatus: 'UNDER_REVIEW',
        eventName: localized(event.name),
        venue: { name: localized(event.venue), address: localized(event.venue) },
        dateTime: {
          start: `${event.date}T${event.startTime}:00+05:30`,
          end: `${event.date}T${event.endTime}:00+05:30`,
        },
        hexBackgroundColor: '#5c0f1f',
      },
    ],
    eventTicketObjects: [
      {
        id: `${issuerId}.utsav-ticket-${ticket.id}${schedule}`,
        classId,
        state: ticket.status === 'active' ? 'ACTIVE' : 'INACTIVE',
        barcode: { type: 'QR_CODE', value: ticket.qrToken, alternateText: ticket.code },
        ticketHolderName: ticket.holderName,
        ticketNumber: ticket.code,
        ...(ticket.ticketType
          ? { ticketType: localized(ticketTypeLabel(ticket.ticketType, ticket.language ?? 'en')) }
          : {}),
        linksModuleData: {
          uris: [
            {
              uri: ticket.ticketsUrl,
              description: translator(ticket.language ?? 'en')('My Tickets'),
              id: 'my-tickets',
            },
          ],
        },
      },
    ],
  };
}

/** A short name of the date, times and venue: the same schedule always gives the same ids. */
function scheduleVersion(event: WalletTicket['event']): string {
  const facts = `${event.date}|${event.startTime}|${event.endTime}|${event.venue}`;
  return createHash('sha256').update(facts).digest('hex').slice(0, 12);
}

/** The save URL for one ticket. `origin` is the site the button is shown on. */
export async function googleSaveUrl(
  ticket: WalletTicket,
  signer: GooglePassSigner,
  origin: string,
  now: Date,
): Promise<string> {
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: googlePassPayload(ticket, signer.issuerId),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(signer.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(createPrivateKey(signer.privateKey));
  return `${GOOGLE_WALLET_SAVE_URL}${jwt}`;
}
