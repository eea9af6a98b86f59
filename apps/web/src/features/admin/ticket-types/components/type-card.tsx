import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import {
  Archive,
  ArchiveRestore,
  ArrowDown,
  ArrowUp,
  type LucideIcon,
  Pause,
  Pencil,
  Play,
  Trash2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardAction } from '../../../../ui/card-action';
import { formatCount, formatInstant, formatRupees } from '../../../../ui/format';

// One type in the editor's list: its colour, names, price and phases, limits, what it has sold, and what an
// admin may do with it (a manager reads only).

export type TypeAction = 'edit' | 'pause' | 'resume' | 'up' | 'down' | 'archive' | 'restore' | 'delete';

function Badges({ type }: { type: AdminTicketType }) {
  const { t } = useTranslation();
  const badges = [
    type.isDefault ? t('admin-ticket-types.badge.default') : null,
    type.hidden ? t('admin-ticket-types.badge.hidden') : null,
    type.paused ? t('admin-ticket-types.badge.paused') : null,
    type.archived ? t('admin-ticket-types.badge.archived') : null,
  ].filter((badge): badge is string => badge !== null);
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {badges.map((badge) => (
        <li
          key={badge}
          className="rounded-full border border-gold-400/50 px-2 py-0.5 text-xs font-semibold text-gold-200"
        >
          {badge}
        </li>
      ))}
    </ul>
  );
}

function Phases({ type }: { type: AdminTicketType }) {
  const { t } = useTranslation();
  if (type.phases.length === 0) return null;
  return (
    <ol className="grid gap-1 text-sm text-maroon-100">
      {type.phases.map((phase) => {
        const until = [
          phase.endsAt ? t('admin-ticket-types.card.until', { date: formatInstant(phase.endsAt) }) : null,
          phase.quantity !== null ? t('admin-ticket-types.card.firstN', { count: phase.quantity }) : null,
        ].filter(Boolean);
        return (
          <li key={phase.id}>
            <span className="font-semibold text-cream">{phase.label}</span> {formatRupees(phase.price)}
            {until.length > 0 ? ` · ${until.join(t('admin-ticket-types.card.or'))}` : ''}
            <span className="text-maroon-200">
              {' '}
              · {t('admin-ticket-types.card.phaseSold', { count: phase.sold })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Limits({ type }: { type: AdminTicketType }) {
  const { t } = useTranslation();
  const limits = [
    type.admits > 1 ? t('admin-ticket-types.card.admits', { count: type.admits }) : null,
    type.groupPrice4 !== null
      ? t('admin-ticket-types.card.group', { price: formatRupees(type.groupPrice4) })
      : null,
    type.capacity !== null ? t('admin-ticket-types.card.capacity', { count: type.capacity }) : null,
    type.perPersonLimit !== null
      ? t('admin-ticket-types.card.perPerson', { count: type.perPersonLimit })
      : null,
    type.salesStart ? t('admin-ticket-types.card.from', { date: formatInstant(type.salesStart) }) : null,
    type.salesEnd ? t('admin-ticket-types.card.to', { date: formatInstant(type.salesEnd) }) : null,
  ].filter((limit): limit is string => limit !== null);
  if (limits.length === 0) return null;
  return <p className="text-sm text-maroon-100">{limits.join(' · ')}</p>;
}

export function TypeCard({
  type,
  first,
  last,
  canWrite,
  busy,
  onAction,
}: {
  type: AdminTicketType;
  first: boolean;
  last: boolean;
  canWrite: boolean;
  busy: boolean;
  onAction: (action: TypeAction) => void;
}) {
  const { t } = useTranslation();
  const sold = type.sold + type.held > 0;
  const named = { name: type.name };
  const action = (
    kind: TypeAction,
    icon: LucideIcon,
    [label, fullLabel]: [string, string],
    { variant = 'ghost', disabled = busy }: { variant?: 'secondary' | 'ghost'; disabled?: boolean } = {},
  ) => (
    <CardAction
      icon={icon}
      label={label}
      fullLabel={fullLabel}
      onClick={() => onAction(kind)}
      disabled={disabled}
      variant={variant}
    />
  );
  return (
    <li className={`card relative grid gap-3 overflow-hidden p-5 pl-6 ${type.archived ? 'opacity-75' : ''}`}>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-2"
        style={{ background: type.colour }}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <h3 className="font-sans text-lg font-semibold break-words text-cream">{type.name}</h3>
          {type.nameHi || type.nameGu ? (
            <p className="text-sm text-maroon-200">
              {type.nameHi ? (
                <span lang="hi" className="other-script">
                  {type.nameHi}
                </span>
              ) : null}
              {type.nameHi && type.nameGu ? ' · ' : null}
              {type.nameGu ? (
                <span lang="gu" className="other-script">
                  {type.nameGu}
                </span>
              ) : null}
            </p>
          ) : null}
          {type.description ? (
            <p className="mt-1 text-sm break-words text-maroon-100">{type.description}</p>
          ) : null}
        </div>
        <p className="text-xl font-bold text-gold-200">{formatRupees(type.price)}</p>
      </div>
      <Badges type={type} />
      <Phases type={type} />
      <Limits type={type} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          [t('admin-ticket-types.card.sold'), formatCount(type.sold)],
          [t('admin-ticket-types.card.held'), formatCount(type.held)],
          [t('admin-ticket-types.card.people'), formatCount(type.people)],
          [t('admin-ticket-types.card.revenue'), formatRupees(type.revenue)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-maroon-950/60 px-3 py-2">
            <dt className="text-maroon-200">{label}</dt>
            <dd className="font-semibold text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {action(
            'edit',
            Pencil,
            [t('admin-ticket-types.action.edit'), t('admin-ticket-types.action.editNamed', named)],
            { variant: 'secondary', disabled: false },
          )}
          {type.archived
            ? null
            : type.paused
              ? action(
                  'resume',
                  Play,
                  [t('admin-ticket-types.action.resume'), t('admin-ticket-types.action.resumeNamed', named)],
                  { variant: 'secondary' },
                )
              : action(
                  'pause',
                  Pause,
                  [t('admin-ticket-types.action.pause'), t('admin-ticket-types.action.pauseNamed', named)],
                  { variant: 'secondary' },
                )}
          {action(
            'up',
            ArrowUp,
            [t('admin-ticket-types.action.up'), t('admin-ticket-types.action.upNamed', named)],
            { disabled: busy || first },
          )}
          {action(
            'down',
            ArrowDown,
            [t('admin-ticket-types.action.down'), t('admin-ticket-types.action.downNamed', named)],
            { disabled: busy || last },
          )}
          {type.isDefault
            ? null
            : type.archived
              ? action('restore', ArchiveRestore, [
                  t('admin-ticket-types.action.restore'),
                  t('admin-ticket-types.action.restoreNamed', named),
                ])
              : sold
                ? action('archive', Archive, [
                    t('admin-ticket-types.action.archive'),
                    t('admin-ticket-types.action.archiveNamed', named),
                  ])
                : action('delete', Trash2, [
                    t('admin-ticket-types.action.delete'),
                    t('admin-ticket-types.action.deleteNamed', named),
                  ])}
        </div>
      ) : null}
    </li>
  );
}
