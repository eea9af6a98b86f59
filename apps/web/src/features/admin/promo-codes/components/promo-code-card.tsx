import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import { type LucideIcon, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardAction } from '../../../../ui/card-action';
import { formatCount, formatInstant, formatRupees } from '../../../../ui/format';

// One code in the Promo Codes panel: what it gives, to which types, within which limits, and its use so far.

export type CodeAction = 'edit' | 'on' | 'off' | 'delete';

function Offer({ code }: { code: AdminPromoCode }) {
  const { t } = useTranslation();
  if (code.kind === 'percent') return <>{t('admin-promo-codes.card.percent', { value: code.value })}</>;
  if (code.kind === 'amount')
    return <>{t('admin-promo-codes.card.amount', { amount: formatRupees(code.value) })}</>;
  return <>{t('admin-promo-codes.card.unlock')}</>;
}

export function PromoCodeCard({
  code,
  typeNames,
  canWrite,
  busy,
  onAction,
}: {
  code: AdminPromoCode;
  typeNames: ReadonlyMap<string, string>;
  canWrite: boolean;
  busy: boolean;
  onAction: (action: CodeAction) => void;
}) {
  const { t } = useTranslation();
  const used = code.use.tickets + code.use.held > 0;
  const named = { code: code.code };
  // Editing is never blocked: the form saves on its own.
  const action = (
    kind: CodeAction,
    icon: LucideIcon,
    [label, fullLabel]: [string, string],
    variant: 'secondary' | 'ghost' = 'ghost',
  ) => (
    <CardAction
      icon={icon}
      label={label}
      fullLabel={fullLabel}
      onClick={() => onAction(kind)}
      disabled={kind !== 'edit' && busy}
      variant={variant}
    />
  );
  const limits = [
    code.ticketTypeIds.length > 0
      ? t('admin-promo-codes.card.for', {
          types: code.ticketTypeIds.map((id) => typeNames.get(id) ?? id).join(', '),
        })
      : t('admin-promo-codes.card.forAll'),
    code.minQuantity !== null ? t('admin-promo-codes.card.min', { count: code.minQuantity }) : null,
    code.maxUses !== null ? t('admin-promo-codes.card.maxUses', { count: code.maxUses }) : null,
    code.maxUsesPerPerson !== null
      ? t('admin-promo-codes.card.perPerson', { count: code.maxUsesPerPerson })
      : null,
    code.validFrom ? t('admin-promo-codes.card.from', { date: formatInstant(code.validFrom) }) : null,
    code.validUntil ? t('admin-promo-codes.card.until', { date: formatInstant(code.validUntil) }) : null,
  ].filter((limit): limit is string => limit !== null);
  return (
    <li className={`card grid gap-3 p-5 ${code.active ? '' : 'opacity-75'}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-mono text-lg font-bold break-all text-cream">{code.code}</h3>
        <p className="font-semibold text-gold-200">
          <Offer code={code} />
          {code.active ? null : (
            <span className="ml-2 rounded-full border border-gold-400/50 px-2 py-0.5 text-xs text-gold-200">
              {t('admin-promo-codes.card.off')}
            </span>
          )}
        </p>
      </div>
      <p className="text-sm text-maroon-100">{limits.join(' · ')}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          [t('admin-promo-codes.card.tickets'), formatCount(code.use.tickets)],
          [t('admin-promo-codes.card.orders'), formatCount(code.use.orders)],
          [t('admin-promo-codes.card.discount'), formatRupees(code.use.discount)],
          [t('admin-promo-codes.card.revenue'), formatRupees(code.use.revenue)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-maroon-950/60 px-3 py-2">
            <dt className="text-maroon-200">{label}</dt>
            <dd className="font-semibold text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      {code.use.held > 0 ? (
        <p className="text-sm text-maroon-200">
          {t('admin-promo-codes.card.held', { count: code.use.held })}
        </p>
      ) : null}
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {action(
            'edit',
            Pencil,
            [t('admin-promo-codes.action.edit'), t('admin-promo-codes.action.editNamed', named)],
            'secondary',
          )}
          {code.active
            ? action('off', PowerOff, [
                t('admin-promo-codes.action.off'),
                t('admin-promo-codes.action.offNamed', named),
              ])
            : action('on', Power, [
                t('admin-promo-codes.action.on'),
                t('admin-promo-codes.action.onNamed', named),
              ])}
          {used
            ? null
            : action('delete', Trash2, [
                t('admin-promo-codes.action.delete'),
                t('admin-promo-codes.action.deleteNamed', named),
              ])}
        </div>
      ) : null}
    </li>
  );
}
