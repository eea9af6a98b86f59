import type { RefusedTicket as SharedRefusedTicket } from '@utsav/domain/api/checkin';
import type { ErrorBody } from '@utsav/domain/errors';
import type { Language } from '@utsav/domain/languages';
import { AppError } from '../../platform/errors';
import type { TicketGateState } from './repo';

export interface PreviousScan {
  usedAt: string | null;
  scannedBy: { name: string };
  /** The latest admission: the holder has been inside since then (differs from usedAt after a re-entry). */
  insideSince?: string | null;
}

/**
 * The refused ticket as the scanner (docs/product.md#gate-scanner) reads it from a 400: when it was used, by whom,
 * when cancelled, whose it is (@utsav/domain/api/checkin refusedTicketSchema; stored status here, shown by the error).
 */
export type RefusedTicket = Omit<SharedRefusedTicket, 'status'> & { status: TicketGateState['status'] };

export function refusedTicket(state: TicketGateState, scannedBy: { name: string } | null): RefusedTicket {
  return {
    id: state.id,
    ticketId: state.ticket_code,
    status: state.status,
    usedAt: state.used_at,
    scannedBy,
    cancelledAt: state.cancelled_at,
    holderName: state.holder_name,
  };
}

/**
 * 400 ALREADY_USED, carrying the first admission so the gate can say when and by whom:
 * at the top level (our scanner) and as `ticket` (older clients). The one error handler sends
 * toBody(), so the extra fields travel in the normal error envelope.
 */
export class AlreadyUsedError extends AppError {
  constructor(
    readonly previous: PreviousScan,
    readonly ticket: RefusedTicket,
  ) {
    super('ALREADY_USED', 'Ticket already used');
  }

  override toBody(language?: Language): ErrorBody & PreviousScan & { ticket: RefusedTicket } {
    return {
      ...super.toBody(language),
      usedAt: this.previous.usedAt,
      scannedBy: this.previous.scannedBy,
      ...(this.previous.insideSince === undefined ? {} : { insideSince: this.previous.insideSince }),
      ticket: this.ticket,
    };
  }
}

/** 400 TICKET_CANCELLED with the ticket (its cancelledAt), as the scanner reads it. */
export class TicketCancelledError extends AppError {
  constructor(
    message: string,
    readonly ticket: RefusedTicket,
  ) {
    super('TICKET_CANCELLED', message);
  }

  override toBody(language?: Language): ErrorBody & { ticket: RefusedTicket } {
    return { ...super.toBody(language), ticket: this.ticket };
  }
}

/** 400 TICKET_TRANSFERRED ("Ticket Transferred"): the owner gave this ticket away; its code no longer admits. */
export class TicketTransferredError extends AppError {
  constructor(
    message: string,
    readonly ticket: RefusedTicket,
  ) {
    super('TICKET_TRANSFERRED', message);
  }

  override toBody(language?: Language): ErrorBody & { ticket: RefusedTicket } {
    return { ...super.toBody(language), ticket: { ...this.ticket, status: 'transferred' as never } };
  }
}

/** 400 TICKET_RESOLD ("Ticket Resold"): the owner resold this ticket at face value; the buyer has a new code. */
export class TicketResoldError extends AppError {
  constructor(
    message: string,
    readonly ticket: RefusedTicket,
  ) {
    super('TICKET_RESOLD', message);
  }

  override toBody(language?: Language): ErrorBody & { ticket: RefusedTicket } {
    return { ...super.toBody(language), ticket: this.ticket };
  }
}
