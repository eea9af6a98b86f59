import type { LiveType } from '@utsav/domain/gates-live';
import { typeName } from '@utsav/domain/ticket-types';
import { useTranslation } from 'react-i18next';
import { currentLanguage, currentLocale } from '../../../../lib/i18n/language';
import { TicketTypeMark } from '../../../../ui/ticket-type-mark';

// Entries per ticket type: of each type's tickets sold, how many came in and how many are inside now, with the
// people they are when one ticket admits more than one (a couple pass admitted is two people in).

function count(value: number): string {
  return value.toLocaleString(currentLocale());
}

function TypeRow({ type }: { type: LiveType }) {
  const { t } = useTranslation();
  const share = type.sold > 0 ? Math.min(100, (type.admitted / type.sold) * 100) : 0;
  return (
    <li data-testid="gate-type-row" className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <TicketTypeMark type={{ ...type, name: typeName(type, currentLanguage()) }} />
        <span className="text-sm text-cream tabular-nums">
          {t('gates.types.admittedOfSold', { admitted: count(type.admitted), sold: count(type.sold) })}
        </span>
      </div>
      {/* The figures above say it for a screen reader; the bar is for the eye. */}
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-maroon-800">
        <div className="h-full rounded-full" style={{ width: `${share}%`, background: type.colour }} />
      </div>
      <p className="text-sm text-maroon-100">
        {t('gates.types.inside', { shown: count(type.inside) })}
        {type.admits > 1
          ? ` · ${t('gates.types.people', {
              count: type.peopleAdmitted,
              admitted: count(type.peopleAdmitted),
              sold: count(type.peopleSold),
            })}`
          : null}
      </p>
    </li>
  );
}

export function GateTypes({ types }: { types: readonly LiveType[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="gate-types-title" className="card p-4 sm:p-5">
      <h2 id="gate-types-title" className="text-lg font-semibold text-gold-200">
        {t('gates.types.title')}
      </h2>
      <ul className="mt-3 grid gap-4">
        {types.map((type) => (
          <TypeRow key={type.id} type={type} />
        ))}
      </ul>
    </section>
  );
}
