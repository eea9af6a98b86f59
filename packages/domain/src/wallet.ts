// Who may add a ticket to Apple Wallet or Google Wallet. One copy for the server (which refuses) and the
// web (which shows the buttons only where they work).

export interface WalletTicketFacts {
  status: string;
}

/** Only a ticket that can still get in: a used, cancelled or transferred ticket's QR is refused at the gate. */
export function canAddToWallet(ticket: WalletTicketFacts): boolean {
  return ticket.status === 'active';
}

export const WALLET_MESSAGES = {
  notActive: 'Only an active ticket can be added to a wallet.',
} as const;

/** Google's "Save to Google Wallet" page; the signed JWT follows the last slash. */
export const GOOGLE_WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';
