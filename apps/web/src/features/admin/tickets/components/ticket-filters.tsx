import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT_CLASSES } from '../../../../ui/form-field';
import { useFilterCodes, useFilterTypes } from '../api/get-filter-options';
import type { TypeFilters } from '../api/get-tickets';

// The list's filters by ticket type, price phase and promo code (beside search and status). Each is a labelled
// select; "none" lists the tickets without a phase (priced by their type, or issued by hand) or without a code.

const NONE = 'none';

export function TypeFilterSelects({
  value,
  onChange,
}: {
  value: TypeFilters;
  onChange: (next: TypeFilters) => void;
}) {
  const { t } = useTranslation();
  const typesQuery = useFilterTypes();
  const codesQuery = useFilterCodes();
  const types = typesQuery.data ?? [];
  const codes = codesQuery.data ?? [];
  const loading = typesQuery.isPending || codesQuery.isPending;
  // Phases of the chosen type only; every type's when none is chosen (labels repeat, so each says its type).
  const phased = types.filter(
    (type) => type.phases.length > 0 && (!value.ticketTypeId || type.id === value.ticketTypeId),
  );
  const select = (
    id: string,
    label: string,
    current: string,
    set: (v: string) => void,
    children: ReactNode,
  ) => (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => set(event.target.value)}
        className={INPUT_CLASSES}
        aria-busy={loading || undefined}
      >
        {children}
      </select>
    </div>
  );
  return (
    <>
      {select(
        'ticket-type-filter',
        t('admin-tickets.filters.typeLabel'),
        value.ticketTypeId,
        (ticketTypeId) => onChange({ ...value, ticketTypeId, phaseId: '' }),
        <>
          <option value="">{t('admin-tickets.filters.allTypes')}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </>,
      )}
      {select(
        'ticket-phase-filter',
        t('admin-tickets.filters.phaseLabel'),
        value.phaseId,
        (phaseId) => onChange({ ...value, phaseId }),
        <>
          <option value="">{t('admin-tickets.filters.allPhases')}</option>
          <option value={NONE}>{t('admin-tickets.filters.noPhase')}</option>
          {phased.map((type) => (
            <optgroup key={type.id} label={type.name}>
              {type.phases.map((phase) => (
                <option key={phase.id} value={phase.id}>
                  {phase.label}
                </option>
              ))}
            </optgroup>
          ))}
        </>,
      )}
      {select(
        'ticket-code-filter',
        t('admin-tickets.filters.codeLabel'),
        value.promoCodeId,
        (promoCodeId) => onChange({ ...value, promoCodeId }),
        <>
          <option value="">{t('admin-tickets.filters.allCodes')}</option>
          <option value={NONE}>{t('admin-tickets.filters.noCode')}</option>
          {codes.map((code) => (
            <option key={code.id} value={code.id}>
              {code.code}
            </option>
          ))}
        </>,
      )}
    </>
  );
}
