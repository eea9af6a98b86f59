import type { ErrorBody } from '@utsav/domain/errors';
import { AppError } from '../../platform/errors';

export interface PreviousScan {
  usedAt: string | null;
  scannedBy: { name: string };
}

/**
 * 400 ALREADY_USED, carrying the first admission so the gate can say when and by whom (guest-side §8).
 * The one error handler sends toBody(), so the extra fields travel in the normal error envelope.
 */
export class AlreadyUsedError extends AppError {
  constructor(readonly previous: PreviousScan) {
    super('ALREADY_USED', 'Ticket already used');
  }

  override toBody(): ErrorBody & PreviousScan {
    return { ...super.toBody(), usedAt: this.previous.usedAt, scannedBy: this.previous.scannedBy };
  }
}
