import type { AuditEntry, AuditFactView } from '@utsav/domain/api/audit';
import { useTranslation } from 'react-i18next';
import { formatDay, formatTimeOfDay } from '../../../../ui/format';

/**
 * One entry as the server words it in the reader's language (the labels live in @utsav/domain/audit-actions):
 * what happened, when (IST, to the second), by whom, to what, and the facts it recorded. The record as written
 * (the action's name, the raw data) stays folded away in a native disclosure, for a filter or a question.
 */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <li className="card grid gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold break-words text-gold-200">{entry.label}</h3>
        <time dateTime={entry.at} className="text-sm text-maroon-100">
          {t('admin.audit.atIst', {
            day: formatDay(entry.at),
            time: formatTimeOfDay(new Date(entry.at), { seconds: true }),
          })}
        </time>
      </div>
      <dl className="grid gap-x-3 gap-y-1 text-sm text-maroon-50 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <dt className="font-medium text-maroon-200">{t('admin.audit.by')}</dt>
        <dd className="mb-1 break-words sm:mb-0">
          {entry.actor ? (
            <>
              {entry.actor.name} <span className="break-all text-maroon-100">{entry.actor.email}</span>
            </>
          ) : (
            t('admin.audit.system')
          )}
        </dd>
        <dt className="font-medium text-maroon-200">{t('admin.audit.about')}</dt>
        <dd className="mb-1 break-words sm:mb-0">{entry.about}</dd>
        {entry.facts.map((fact) => (
          <Fact key={fact.key} fact={fact} />
        ))}
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-semibold text-saffron-200 focus-visible:outline-2 focus-visible:outline-saffron-300">
          {t('admin.audit.recorded')}
        </summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 text-maroon-50 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <dt className="font-medium text-maroon-200">{t('admin.audit.actionName')}</dt>
          <dd className="font-mono text-xs break-all">{entry.action}</dd>
          {entry.entityId ? (
            <>
              <dt className="font-medium text-maroon-200">{t('admin.audit.entityId')}</dt>
              <dd className="font-mono text-xs break-all">{entry.entityId}</dd>
            </>
          ) : null}
        </dl>
        {entry.data ? (
          <pre className="mt-2 overflow-x-auto rounded-lg bg-maroon-950 p-3 text-xs break-all whitespace-pre-wrap text-maroon-50">
            {JSON.stringify(entry.data, null, 2)}
          </pre>
        ) : null}
      </details>
    </li>
  );
}

/** A fact; a group (a postponement's before and after) lists its parts under its label. */
function Fact({ fact }: { fact: AuditFactView }) {
  return (
    <>
      <dt className="font-medium text-maroon-200">{fact.label}</dt>
      <dd className="mb-1 break-words sm:mb-0">
        {fact.parts ? (
          <dl className="grid gap-x-2 border-l-2 border-maroon-700 pl-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
            {fact.parts.map((part) => (
              <div key={part.key} className="contents">
                <dt className="font-medium text-maroon-200">{part.label}</dt>
                <dd className="mb-1 break-words sm:mb-0">{part.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          fact.value
        )}
      </dd>
    </>
  );
}
