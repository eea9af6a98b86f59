import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import { formatRupees } from '@utsav/domain/pricing';
import { isBuyable } from '@utsav/domain/ticket-type-offer';
import { CircleAlert, KeyRound, Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { nextPriceText } from '../checkout/phase-text';

// One ticket type in the purchase dialog: its name (and how many it admits), the price selling now with its
// phase and what follows, and a stepper from 0. A refusal of this type (the checkout's or the code check's)
// is said under it.

// The stepper's buttons keep their size in px, as the single stepper's do: in rem, 200% text on a phone pushes
// the + off the card.

const STEP_BUTTON =
  'flex size-[44px] shrink-0 items-center justify-center rounded-full border border-gold-400/60 bg-maroon-950/60 text-gold-200 transition-colors hover:bg-maroon-800 disabled:cursor-not-allowed disabled:opacity-40';

function TypeStepper({
  name,
  value,
  max,
  onChange,
  describedBy,
}: {
  name: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  describedBy: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const set = (next: number) => onChange(Math.min(Math.max(0, Math.round(next)), Math.max(0, max)));
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => set(value - 1)}
        disabled={value <= 0}
        aria-label={t('purchase.types.decrease', { name })}
        aria-controls={inputId}
      >
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={String(value)}
        onChange={(event) => {
          const typed = Number.parseInt(event.target.value, 10);
          set(Number.isNaN(typed) ? 0 : typed);
        }}
        aria-label={t('purchase.types.count', { name })}
        aria-describedby={describedBy}
        className="h-[44px] w-[4ch] min-w-[48px] rounded-xl border border-gold-400/50 bg-maroon-950 text-center text-lg font-bold text-cream [appearance:textfield] focus:border-saffron-300 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => set(value + 1)}
        disabled={value >= max}
        aria-label={t('purchase.types.increase', { name })}
        aria-controls={inputId}
      >
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

function Availability({ type, max }: { type: PublicTicketType; max: number }) {
  const { t } = useTranslation();
  if (!type.onSale)
    return <span className="font-semibold text-maroon-200">{t('purchase.types.notOnSale')}</span>;
  if (type.soldOut || max <= 0)
    return <span className="font-semibold text-rose-200">{t('purchase.types.soldOut')}</span>;
  return null;
}

export function TypeRow({
  type,
  quantity,
  max,
  onChange,
  unlocked,
  refusal,
}: {
  type: PublicTicketType;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Shown because an access code opened it. */
  unlocked: boolean;
  refusal: string | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const detailsId = useId();
  const next = nextPriceText(type, t);
  const name =
    type.admits > 1 ? t('purchase.types.admits', { name: type.name, count: type.admits }) : type.name;
  const buyable = isBuyable(type) && max > 0;
  return (
    <li
      className={`relative grid gap-2 overflow-hidden rounded-xl border bg-maroon-950/70 py-3 pr-3 pl-5 ${
        refusal ? 'border-rose-300/70' : quantity > 0 ? 'border-saffron-300/70' : 'border-gold-400/30'
      }`}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1.5"
        style={{ background: type.colour }}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1 basis-40">
          <h4 id={headingId} className="font-sans font-semibold break-words text-cream">
            {name}
          </h4>
          {unlocked ? (
            <p className="mt-0.5 inline-flex items-center gap-1 text-xs font-semibold text-emerald-300">
              <KeyRound aria-hidden="true" className="size-3.5" />
              {t('purchase.types.unlocked')}
            </p>
          ) : null}
        </div>
        <p className="flex flex-wrap items-baseline justify-end gap-x-2 text-right">
          {type.phase ? (
            <span className="rounded-full bg-gold-200 px-2 py-0.5 text-xs font-bold text-maroon-950">
              {type.phase.label}
            </span>
          ) : null}
          <span className="text-xl font-bold text-gold-200">{formatRupees(type.price)}</span>
        </p>
      </div>
      <div id={detailsId} className="grid gap-0.5 text-sm text-maroon-100">
        {type.description ? <p className="break-words text-maroon-200">{type.description}</p> : null}
        {next ? <p>{next}</p> : null}
        {/* "after the next 42" already says how many are left at this price. */}
        {type.phase?.left != null && type.phase.left > 0 && buyable && type.nextPhase === null ? (
          <p>{t('purchase.types.left', { count: type.phase.left })}</p>
        ) : null}
        {type.groupPrice4 !== null ? (
          <p>{t('purchase.types.groupPrice', { price: formatRupees(type.groupPrice4) })}</p>
        ) : null}
        {type.perPersonLimit !== null ? (
          <p>{t('purchase.types.perPerson', { count: type.perPersonLimit })}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Availability type={type} max={max} />
        {buyable || quantity > 0 ? (
          <TypeStepper
            name={type.name}
            value={quantity}
            max={Math.max(quantity, max)}
            onChange={onChange}
            describedBy={detailsId}
          />
        ) : null}
      </div>
      {refusal ? (
        <p
          role="alert"
          className="flex items-start gap-1.5 rounded-lg bg-rose-950/70 px-2 py-1.5 text-sm font-semibold text-rose-100"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{refusal}</span>
        </p>
      ) : null}
    </li>
  );
}
