import type { PersonAllowance } from '@utsav/domain/person-limit';
import type { TFunction } from 'i18next';
import { CircleAlert, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';

// The per-person cap in the purchase dialog: what the signed-in guest may still buy, and the step shown when
// they may buy nothing more. The numbers come from GET /tickets/allowance (the rule is @utsav/domain's
// person-limit); the words from the purchase catalog, as the server words its PERSON_LIMIT_REACHED refusal.

/** The refusal a buyer at or over the cap reads: how many more they may buy, and why. */
export function personLimitText(allowance: PersonAllowance, t: TFunction): string {
  const count = allowance.limit;
  if (allowance.remaining === 0) return t('purchase.allowance.none', { count });
  if (allowance.remaining === 1) return t('purchase.allowance.oneLeft', { count });
  return t('purchase.allowance.someLeft', { count, remaining: allowance.remaining });
}

function allowanceNoteText(allowance: PersonAllowance, t: TFunction): string {
  if (allowance.remaining === 0) return personLimitText(allowance, t);
  if (allowance.held + allowance.bought === 0)
    return t('purchase.allowance.perPerson', { count: allowance.limit });
  return t('purchase.allowance.more', { count: allowance.limit, remaining: allowance.remaining });
}

export function AllowanceNote({ allowance }: { allowance: PersonAllowance }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 text-sm text-maroon-100">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
      <span>{allowanceNoteText(allowance, t)}</span>
    </p>
  );
}

export function LimitReachedContent({ allowance }: { allowance: PersonAllowance }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 text-maroon-50">
      <p className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
        <span>{personLimitText(allowance, t)}</span>
      </p>
      {allowance.held > 0 ? (
        <p className="text-sm text-maroon-100">{t('purchase.allowance.heldReleased')}</p>
      ) : null}
    </div>
  );
}
