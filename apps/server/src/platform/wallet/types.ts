import type { Language } from '@utsav/domain/languages';
import type { TicketTypeShown } from '../documents/ticket-type-label';

/** What a wallet pass shows of one ticket; built by the tickets module from its rows. */
export interface WalletTicket {
  /** The ticket's id: the pass's serial number and object id. */
  id: string;
  /** UT-XXXXXXXXXX, shown under the barcode. */
  code: string;
  /** The signed QR token the gate scans. */
  qrToken: string;
  status: 'active' | 'used' | 'cancelled' | (string & {});
  holderName: string;
  event: {
    id: string;
    name: string;
    date: string;
    startTime: string;
    endTime: string;
    venue: string;
    /** Postponed or moved since sale: the pass says so, and Google's ids follow the new schedule. */
    moved?: boolean | undefined;
  };
  /** Where the guest's tickets are on the web. */
  ticketsUrl: string;
  /** The owner's language (the account's): the pass's own words and the date are in it. */
  language?: Language | undefined;
  /** Who issues the pass: the organiser's name (the event's before the organiser profile exists). */
  issuer: string;
  /** The organiser's support address, on the back of the pass; null before the profile exists. */
  supportEmail: string | null;
  /** The type it was sold as, shown as My Tickets shows it ("Couple pass · admits 2"). */
  ticketType?: TicketTypeShown | undefined;
}
