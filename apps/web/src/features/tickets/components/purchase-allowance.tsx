import { type PersonAllowance, personAllowanceNote, personLimitMessage } from '@utsav/domain/person-limit';
import { CircleAlert, Info } from 'lucide-react';

// The per-person cap in the purchase dialog: what the signed-in guest may still buy, and the step shown when
// they may buy nothing more. The numbers come from GET /tickets/allowance; the words from @utsav/domain.

export function AllowanceNote({ allowance }: { allowance: PersonAllowance }) {
  return (
    <p className="flex items-start gap-2 text-sm text-maroon-100">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
      <span>{personAllowanceNote(allowance)}</span>
    </p>
  );
}

export function LimitReachedContent({ allowance }: { allowance: PersonAllowance }) {
  return (
    <div className="grid gap-3 text-maroon-50">
      <p className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
        <span>{personLimitMessage(allowance)}</span>
      </p>
      {allowance.held > 0 ? (
        <p className="text-sm text-maroon-100">
          Checkouts you started but did not pay are released after a few minutes; you can then buy again.
        </p>
      ) : null}
    </div>
  );
}
