import { MAX_PHASES } from '@utsav/domain/ticket-types-schema';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { fieldId, newPhaseKey, type PhaseValues } from './ticket-type-values';

// A type's price phases, first to last: "Early bird ₹249 until 5 Oct or the first 300", then "Regular ₹349",
// then "At the gate ₹449". The server keeps phases by position, so a phase that has sold tickets keeps its
// place: it is neither removed nor moved here (the server refuses that too).

type PhaseField = 'label' | 'price' | 'endsAt' | 'quantity';

export interface PhaseSales {
  sold: number;
  held: number;
}

function PhaseRow({
  index,
  count,
  phase,
  sales,
  neighbourSold,
  errorOf,
  onChange,
  onLeave,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  phase: PhaseValues;
  sales: PhaseSales | undefined;
  /** The phases above and below it have sales (it cannot swap places with them). */
  neighbourSold: { up: boolean; down: boolean };
  errorOf: (path: string) => string | undefined;
  onChange: (field: PhaseField, value: string) => void;
  onLeave: (path: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const taken = (sales?.sold ?? 0) + (sales?.held ?? 0);
  const path = (field: PhaseField) => `phases.${index}.${field}`;
  const input = (field: PhaseField, extra: Record<string, string> = {}) => {
    const id = fieldId(path(field));
    return {
      id,
      value: phase[field],
      onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
      onBlur: () => onLeave(path(field)),
      className: INPUT_CLASSES,
      ...fieldAria(id, errorOf(path(field))),
      ...extra,
    };
  };
  const rowError = errorOf(`phases.${index}`);
  return (
    <li className="grid gap-4 rounded-xl border border-gold-400/30 bg-maroon-950/50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={fieldId(`phases.${index}`)} className="font-sans font-semibold text-cream">
          {t('admin-ticket-types.phases.phase', { number: index + 1 })}
          {taken > 0 ? (
            <span className="ml-2 text-sm font-normal text-maroon-200">
              {t('admin-ticket-types.phases.sold', { sold: sales?.sold ?? 0, held: sales?.held ?? 0 })}
            </span>
          ) : null}
        </h4>
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMove(-1)}
            disabled={index === 0 || taken > 0 || neighbourSold.up}
            icon={<ArrowUp aria-hidden="true" className="size-4" />}
            aria-label={t('admin-ticket-types.phases.moveUp', { number: index + 1 })}
          >
            {t('admin-ticket-types.phases.up')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMove(1)}
            disabled={index === count - 1 || taken > 0 || neighbourSold.down}
            icon={<ArrowDown aria-hidden="true" className="size-4" />}
            aria-label={t('admin-ticket-types.phases.moveDown', { number: index + 1 })}
          >
            {t('admin-ticket-types.phases.down')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            disabled={taken > 0}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            aria-label={t('admin-ticket-types.phases.remove', { number: index + 1 })}
          >
            {t('admin-ticket-types.phases.removeShort')}
          </Button>
        </div>
      </div>
      {/* Each phase's fields read as "Phase 2, Label": the same labels repeat from phase to phase. */}
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2" aria-labelledby={fieldId(`phases.${index}`)}>
        <FormField
          id={fieldId(path('label'))}
          label={t('admin-ticket-types.phases.label')}
          required
          error={errorOf(path('label'))}
        >
          <input
            {...input('label', { placeholder: t('admin-ticket-types.phases.labelPlaceholder') })}
            autoComplete="off"
          />
        </FormField>
        <FormField
          id={fieldId(path('price'))}
          label={t('admin-ticket-types.phases.price')}
          required
          error={errorOf(path('price'))}
        >
          <input {...input('price', { type: 'number', inputMode: 'decimal', min: '0', step: 'any' })} />
        </FormField>
        <FormField
          id={fieldId(path('endsAt'))}
          label={t('admin-ticket-types.phases.endsAt')}
          error={errorOf(path('endsAt'))}
          hint={t('admin-ticket-types.phases.endsAtHint')}
        >
          <input
            {...input('endsAt', { type: 'datetime-local' })}
            {...fieldAria(fieldId(path('endsAt')), errorOf(path('endsAt')), true)}
          />
        </FormField>
        <FormField
          id={fieldId(path('quantity'))}
          label={t('admin-ticket-types.phases.quantity')}
          error={errorOf(path('quantity'))}
          hint={t('admin-ticket-types.phases.quantityHint')}
        >
          <input
            {...input('quantity', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })}
            {...fieldAria(fieldId(path('quantity')), errorOf(path('quantity')), true)}
          />
        </FormField>
      </fieldset>
      {rowError ? (
        <p role="alert" className="text-sm font-semibold text-rose-100">
          {rowError}
        </p>
      ) : null}
    </li>
  );
}

export function PhaseFields({
  phases,
  sales,
  errorOf,
  onChange,
  onLeave,
}: {
  phases: PhaseValues[];
  /** Sales per phase key (a saved phase's id). */
  sales: ReadonlyMap<string, PhaseSales>;
  errorOf: (path: string) => string | undefined;
  onChange: (phases: PhaseValues[]) => void;
  onLeave: (path: string) => void;
}) {
  const { t } = useTranslation();
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const hasSales = (phase: PhaseValues | undefined) => {
    const found = phase ? sales.get(phase.key) : undefined;
    return (found?.sold ?? 0) + (found?.held ?? 0) > 0;
  };

  // A new phase's label takes focus, so the organiser types straight on.
  useEffect(() => {
    if (!focusKey) return;
    const index = phases.findIndex((phase) => phase.key === focusKey);
    if (index >= 0) document.getElementById(fieldId(`phases.${index}.label`))?.focus();
    setFocusKey(null);
  }, [focusKey, phases]);

  function add() {
    const key = newPhaseKey();
    onChange([...phases, { key, label: '', price: '', endsAt: '', quantity: '' }]);
    setFocusKey(key);
  }

  function move(index: number, delta: -1 | 1) {
    const next = [...phases];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + delta, 0, moved);
    onChange(next);
  }

  const listError = errorOf('phases');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-maroon-100">{t('admin-ticket-types.phases.explain')}</p>
      {phases.length > 0 ? (
        <ol className="grid gap-4">
          {phases.map((phase, index) => (
            <PhaseRow
              key={phase.key}
              index={index}
              count={phases.length}
              phase={phase}
              sales={sales.get(phase.key)}
              neighbourSold={{ up: hasSales(phases[index - 1]), down: hasSales(phases[index + 1]) }}
              errorOf={errorOf}
              onChange={(field, value) =>
                onChange(phases.map((item, at) => (at === index ? { ...item, [field]: value } : item)))
              }
              onLeave={onLeave}
              onMove={(delta) => move(index, delta)}
              onRemove={() => {
                onChange(phases.filter((_, at) => at !== index));
                addRef.current?.focus();
              }}
            />
          ))}
        </ol>
      ) : null}
      {listError ? (
        <p role="alert" className="text-sm font-semibold text-rose-100">
          {listError}
        </p>
      ) : null}
      <div>
        <Button
          ref={addRef}
          variant="secondary"
          onClick={add}
          disabled={phases.length >= MAX_PHASES}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          {t('admin-ticket-types.phases.add')}
        </Button>
      </div>
    </div>
  );
}
