import type { AuditEntry } from '@utsav/domain/api/audit';
import { useTranslation } from 'react-i18next';
import { formatDay, formatTimeOfDay } from '../../../../ui/format';

/**
 * One entry: what happened (the server's name for it, as written), when to the second, by whom, to what, and what
 * it recorded besides, folded away in a disclosure (a native one: keyboard and screen readers know it).
 */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <li className="card grid gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <code className="font-mono text-sm font-semibold break-all text-gold-200">{entry.action}</code>
        <time dateTime={entry.at} className="text-sm text-maroon-100">
          {formatDay(entry.at)}, {formatTimeOfDay(new Date(entry.at), { seconds: true })}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-maroon-50">
        <dt className="text-maroon-200">{t('admin.audit.by')}</dt>
        <dd className="break-words">
          {entry.actor ? (
            <>
              {entry.actor.name} <span className="break-all text-maroon-100">{entry.actor.email}</span>
            </>
          ) : (
            t('admin.audit.system')
          )}
        </dd>
        <dt className="text-maroon-200">{t('admin.audit.about')}</dt>
        <dd className="break-all">
          {entry.entity}
          {entry.entityId ? (
            <span className="font-mono text-xs text-maroon-100"> {entry.entityId}</span>
          ) : null}
        </dd>
      </dl>
      {entry.data ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded font-semibold text-saffron-200 focus-visible:outline-2 focus-visible:outline-saffron-300">
            {t('admin.audit.details')}
          </summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-maroon-950 p-3 text-xs break-all whitespace-pre-wrap text-maroon-50">
            {JSON.stringify(entry.data, null, 2)}
          </pre>
        </details>
      ) : null}
    </li>
  );
}
