import type { ManualPrice } from '@utsav/domain/manual-issuance-price';
import { paiseToRupees } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTicketType as IssuanceType } from '../../../../lib/admin-ticket-types';
import { currentLocale } from '../../../../lib/i18n/language';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount, formatRupees } from '../../../../ui/format';
import type { IssuanceEvent } from '../api/get-issuance-event';
import { type FormState, parseQuantity } from './issuance-form';
import { tierText } from './pricing-panel';

// The pieces of the manual issuance form: the quantity stepper, the event line and the confirm step.

export function QuantityField({
  text,
  onChange,
  error,
  available,
}: {
  text: string;
  onChange: (text: string) => void;
  error: string | undefined;
  available: number | null;
}) {
  const { t } = useTranslation();
  const current = parseQuantity(text) ?? 1;
  const buttonClass =
    'flex size-11 shrink-0 items-center justify-center rounded-full border border-gold-400/60 bg-maroon-950/60 text-gold-200 hover:bg-maroon-800 disabled:cursor-not-allowed disabled:opacity-40';
  const over = available !== null && current > available;
  return (
    <FormField
      id="manual-quantity"
      label={t('admin-issuance.quantity.label')}
      error={error}
      hint={
        available !== null
          ? t('admin-issuance.quantity.available', { count: available, formatted: formatCount(available) })
          : undefined
      }
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          onClick={() => onChange(String(Math.max(1, current - 1)))}
          disabled={current <= 1}
          aria-label={t('admin-issuance.quantity.decrease')}
          aria-controls="manual-quantity"
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <input
          id="manual-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            if (parseQuantity(text) === null) onChange('1');
          }}
          className={`${INPUT_CLASSES} w-24 text-center text-lg font-bold`}
          {...fieldAria('manual-quantity', error, available !== null)}
        />
        <button
          type="button"
          className={buttonClass}
          onClick={() => onChange(String(current + 1))}
          aria-label={t('admin-issuance.quantity.increase')}
          aria-controls="manual-quantity"
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      {over ? (
        <p className="mt-1 text-sm text-saffron-300">
          {t('admin-issuance.quantity.over', { available: formatCount(available) })}
        </p>
      ) : null}
    </FormField>
  );
}

export function EventSummary({ event }: { event: IssuanceEvent }) {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-saffron-300 uppercase">
          {t('admin-issuance.issuingFor')}
        </p>
        <p className="truncate font-display text-xl text-gold-200">{event.name}</p>
        <p className="text-sm text-maroon-100">
          {event.date ? formatEventDate(event.date, currentLocale()) : t('admin-issuance.dateTba')}
        </p>
      </div>
      <p className="rounded-full border border-gold-400/40 px-3 py-1 text-sm text-cream">
        {t('admin-issuance.availableBadge', {
          available: event.availableTickets === null ? '—' : formatCount(event.availableTickets),
        })}
      </p>
    </div>
  );
}

export function ConfirmStep({
  form,
  type,
  price,
  quantity,
  busy,
  onConfirm,
  onBack,
}: {
  form: FormState;
  type: IssuanceType;
  price: ManualPrice;
  quantity: number;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const recipient =
    form.mode === 'existing' ? form.selected : { name: form.newName.trim(), email: form.newEmail.trim() };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const names = form.useNames && quantity > 1 ? form.names.slice(0, quantity) : [];
  return (
    <section aria-labelledby="confirm-title" className="card grid gap-4 p-5 sm:p-6">
      <h2
        id="confirm-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl text-gold-200 outline-none"
      >
        {t('admin-issuance.confirm.title')}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.confirm.recipient')}</dt>
          <dd className="text-cream">
            {recipient?.name}
            {form.mode === 'new' ? (
              <span className="ml-2 text-xs text-emerald-200">{t('admin-issuance.confirm.newAccount')}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.confirm.email')}</dt>
          <dd className="break-words text-cream">{recipient?.email}</dd>
        </div>
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.pricing.type')}</dt>
          <dd className="text-cream">
            <span aria-hidden="true" style={{ color: type.colour }} className="font-semibold">
              ●
            </span>{' '}
            {type.admits > 1
              ? t('admin-issuance.type.withAdmits', { name: type.name, count: type.admits })
              : type.name}
          </dd>
        </div>
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.confirm.tickets')}</dt>
          <dd className="text-cream">
            {t('admin-issuance.confirm.ticketsValue', {
              quantity: formatCount(quantity),
              price: formatRupees(paiseToRupees(price.pricePerTicketPaise)),
              tier: tierText(t, price.pricingTier),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.confirm.total')}</dt>
          <dd className="font-bold text-gold-200">{formatRupees(paiseToRupees(price.totalPaise))}</dd>
        </div>
        <div>
          <dt className="text-maroon-200">{t('admin-issuance.confirm.payment')}</dt>
          <dd className="text-cream">
            {form.paymentDone ? t('admin-issuance.confirm.received') : t('admin-issuance.confirm.pending')}
          </dd>
        </div>
        {form.notes.trim() ? (
          <div>
            <dt className="text-maroon-200">{t('admin-issuance.confirm.notes')}</dt>
            <dd className="break-words text-cream">{form.notes.trim()}</dd>
          </div>
        ) : null}
        {names.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-maroon-200">{t('admin-issuance.confirm.names')}</dt>
            <dd className="text-cream">
              {names
                .map(
                  (name, index) =>
                    name.trim() ||
                    t('admin-issuance.confirm.defaultName', {
                      name: recipient?.name ?? '',
                      number: index + 1,
                    }),
                )
                .join(', ')}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('admin-issuance.confirm.back')}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {form.mode === 'new'
            ? t('admin-issuance.confirm.createAndIssue')
            : t('admin-issuance.confirm.confirmAndIssue')}
        </Button>
      </div>
    </section>
  );
}
