import { scanNetworkBudgetMs } from '../../../lib/client-config';
import { admitFound } from '../api/admit-found';
import type { CheckinTicketResponse } from '../api/verify-qr';
import {
  admittedOutcome,
  type CheckinTicket,
  guestName,
  outcomeForError,
  type ScanOutcome,
} from './scan-outcome';

/** A found guest's admission waits for the server twice as long as a scan (5 s by default; use-checkin.ts). */
const admitBudgetMs = () => 2 * scanNetworkBudgetMs();

/**
 * Admits a ticket the volunteer found by search. Online only: without the network there is no search
 * either, and the server logs the admission as found by search. Never throws; says what the gate says.
 */
export async function admitFromSearch(
  ticketId: string,
  context: { deviceId: string; gate: string },
  learn: (ticket: CheckinTicket | undefined) => void,
  /** The guest was out on a pass: this admission is a re-entry. */
  reentry = false,
): Promise<ScanOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), admitBudgetMs());
  try {
    const gate = context.gate.trim();
    const admitted: CheckinTicketResponse = await admitFound(
      { ticketId, deviceId: context.deviceId, ...(gate ? { gate } : {}) },
      controller.signal,
    );
    learn(admitted.ticket ? { ...admitted.ticket, status: 'used' } : undefined);
    const ticket = admitted.ticket;
    return admittedOutcome(ticket ? guestName(ticket) : '', false, reentry, ticket?.ticketType);
  } catch (error) {
    return outcomeForError(error);
  } finally {
    clearTimeout(timer);
  }
}
