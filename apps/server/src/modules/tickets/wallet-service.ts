import { isLanguage } from '@utsav/domain/languages';
import { canAddToWallet, WALLET_MESSAGES } from '@utsav/domain/wallet';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { emailLinkKey, linkKeyMatches } from '../../platform/email-link-key';
import { AppError } from '../../platform/errors';
import type { WalletLinks } from '../../platform/mail/templates/wallet-links';
import { buildPkpass } from '../../platform/wallet/apple-pass';
import { googleSaveUrl } from '../../platform/wallet/google-pass';
import { applePassSigner, googlePassSigner } from '../../platform/wallet/signers';
import type { WalletTicket } from '../../platform/wallet/types';
import { findEventById } from '../../stores/events';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { ticketTypeOf } from './ticket-documents';
import { eventWithKeys } from './ticket-signing';

// Apple Wallet and Google Wallet passes of one ticket, for its owner only: to anyone else (staff
// included: a pass is the guest's own copy) the ticket does not exist. Emails carry an Apple link with
// a key instead of a sign-in, since a mail app opens it without the guest's session.

function notFound(): AppError {
  return new AppError('TICKET_NOT_FOUND', 'Ticket not found');
}

/**
 * The key in an email's "Add to Apple Wallet" link: an HMAC of the ticket id under a key derived from the
 * event's QR signing key, so it needs no new secret and opens nothing the email's PDF does not already hold.
 */
export function walletLinkKey(ticketId: string, eventPrivateKey: string): string {
  return emailLinkKey(eventPrivateKey, 'utsav-wallet-link', ticketId);
}

/** The email's link for a ticket; the event row must carry its QR keys. */
export function appleWalletLink(publicUrl: string, ticketId: string, eventPrivateKey: string): string {
  return `${publicUrl}/api/tickets/${ticketId}/wallet/apple?key=${walletLinkKey(ticketId, eventPrivateKey)}`;
}

async function walletTicket(ctx: AppContext, ticket: TicketView): Promise<WalletTicket> {
  const organiser = await ctx.organiser();
  // Read at each request: a pass fetched after a postponement carries the new date, time and venue.
  const event = await findEventById(ctx.db, ticket.event_id);
  return {
    issuer: organiser?.name ?? ticket.event_name,
    supportEmail: organiser?.supportEmail ?? null,
    id: ticket.id,
    code: ticket.ticket_code,
    qrToken: ticket.qr_token,
    status: ticket.status,
    holderName: ticket.holder_name,
    event: {
      id: ticket.event_id,
      name: ticket.event_name,
      date: ticket.event_date,
      startTime: ticket.event_start_time,
      endTime: ticket.event_end_time,
      venue: ticket.event_venue,
      moved: event?.status === 'postponed',
    },
    ticketsUrl: `${ctx.config.publicUrl}/dashboard`,
    language: isLanguage(ticket.owner_language) ? ticket.owner_language : 'en',
    ticketType: ticketTypeOf(ticket),
  };
}

/** A signed-in owner, or an email link whose key matches (compared in constant time); else 404. */
async function ownedTicket(
  ctx: AppContext,
  access: { caller: UserRow } | { key: string },
  ticketId: string,
): Promise<TicketView> {
  const ticket = await findTicketView(ctx.db, ticketId);
  let allowed = false;
  if (ticket && 'caller' in access) {
    allowed = ticket.user_id === access.caller.id;
  } else if (ticket && 'key' in access) {
    const event = await eventWithKeys(ctx, ticket.event_id);
    allowed = linkKeyMatches(access.key, walletLinkKey(ticket.id, event.qr_private_key!));
  }
  if (!ticket || !allowed) throw notFound();
  if (!canAddToWallet(ticket)) throw new AppError('TICKET_NOT_ACTIVE', WALLET_MESSAGES.notActive);
  return ticket;
}

export async function applePass(
  ctx: AppContext,
  access: { caller: UserRow } | { key: string },
  ticketId: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const ticket = await ownedTicket(ctx, access, ticketId);
  const signer = await applePassSigner(ctx.config);
  return {
    bytes: buildPkpass(await walletTicket(ctx, ticket), signer, ctx.now()),
    filename: `Utsav-${ticket.ticket_code}.pkpass`,
  };
}

export async function googleWalletUrl(ctx: AppContext, caller: UserRow, ticketId: string): Promise<string> {
  const ticket = await ownedTicket(ctx, { caller }, ticketId);
  return googleSaveUrl(
    await walletTicket(ctx, ticket),
    await googlePassSigner(ctx.config),
    ctx.config.publicUrl,
    ctx.now(),
  );
}

/** The wallet links an email shows for these tickets (active ones only: others get no pass). */
export async function walletLinksFor(ctx: AppContext, tickets: TicketView[]): Promise<WalletLinks[]> {
  const active = tickets.filter(canAddToWallet);
  if (active.length === 0) return [];
  const google = await googlePassSigner(ctx.config);
  const links: WalletLinks[] = [];
  for (const ticket of active) {
    const event = await eventWithKeys(ctx, ticket.event_id);
    links.push({
      ticketId: ticket.id,
      code: ticket.ticket_code,
      apple: appleWalletLink(ctx.config.publicUrl, ticket.id, event.qr_private_key!),
      google: await googleSaveUrl(await walletTicket(ctx, ticket), google, ctx.config.publicUrl, ctx.now()),
    });
  }
  return links;
}
