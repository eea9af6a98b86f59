import { AUDIT_ACTIONS } from '@utsav/domain/audit-actions';
import { ChevronDown, Filter, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { errorIdFor, FormField, hintIdFor, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount } from '../../../../ui/format';
import { SkeletonList } from '../../../../ui/skeleton';
import { ViewHeader } from '../../../../ui/view-header';
import { type AuditFilters, NO_AUDIT_FILTERS, useAuditLog } from '../api/audit-log';
import { AuditEntryItem } from './audit-entry';

const FIELDS = [
  { name: 'action', label: 'admin.audit.action', hint: 'admin.audit.actionHint' },
  { name: 'userId', label: 'admin.audit.person', hint: 'admin.audit.personHint' },
  { name: 'ticketId', label: 'admin.audit.ticket', hint: 'admin.audit.ticketHint' },
  { name: 'orderId', label: 'admin.audit.order', hint: 'admin.audit.orderHint' },
] as const;

const ACTIONS_LIST_ID = 'audit-actions';

/**
 * The audit log for admins: filters applied together (Enter or 'Apply filters'), the entries newest first, and
 * 'Load more' for the page below the last shown. A filter the server refuses shows its message under its field.
 */
export function AuditPanel({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(applied);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  // Every action the server records is offered, named as the entries seen so far word it.
  const seen = new Map(entries.map((entry) => [entry.action, entry.label]));
  const fieldErrors = new Map(
    log.error instanceof ApiError ? (log.error.details ?? []).map((d) => [d.field, d.message]) : [],
  );

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied({ ...draft });
  }

  function clear() {
    setDraft(NO_AUDIT_FILTERS);
    setApplied(NO_AUDIT_FILTERS);
  }

  return (
    <div className="grid gap-6">
      <ViewHeader title={t('admin.audit.title')} description={t('admin.audit.description')} onBack={onBack} />
      <form
        aria-label={t('admin.audit.filtersLabel')}
        onSubmit={apply}
        className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {FIELDS.map((field) => {
          const id = `audit-${field.name}`;
          const error = fieldErrors.get(field.name);
          return (
            <FormField key={field.name} id={id} label={t(field.label)} hint={t(field.hint)} error={error}>
              <input
                id={id}
                type="text"
                className={INPUT_CLASSES}
                value={draft[field.name]}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, [field.name]: event.target.value }))
                }
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorIdFor(id) : hintIdFor(id)}
                autoComplete="off"
                spellCheck={false}
                list={field.name === 'action' ? ACTIONS_LIST_ID : undefined}
              />
            </FormField>
          );
        })}
        <datalist id={ACTIONS_LIST_ID}>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {seen.get(action)}
            </option>
          ))}
        </datalist>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button
            type="submit"
            size="sm"
            loading={log.isFetching && !log.isFetchingNextPage}
            icon={<Filter aria-hidden="true" className="size-4" />}
          >
            {t('admin.audit.apply')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={clear}
            icon={<X aria-hidden="true" className="size-4" />}
          >
            {t('admin.audit.clear')}
          </Button>
        </div>
      </form>

      {log.isPending ? (
        <SkeletonList rows={5} label={t('admin.audit.loading')} />
      ) : fieldErrors.size > 0 ? (
        // The refusal is said under its field (announced there); the list only says why it is empty.
        <EmptyState title={t('admin.audit.fixFilters')} />
      ) : log.isError && entries.length === 0 ? (
        <ErrorPanel
          title={t('admin.audit.loadError')}
          message={errorMessage(log.error)}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : entries.length === 0 ? (
        <EmptyState title={t('admin.audit.empty')}>{t('admin.audit.emptyHint')}</EmptyState>
      ) : (
        <section aria-labelledby="audit-list-title" className="grid gap-3">
          <h2 id="audit-list-title" className="sr-only">
            {t('admin.audit.listLabel')}
          </h2>
          <p role="status" className="text-sm text-maroon-100">
            {t('admin.audit.shown', { count: entries.length, formatted: formatCount(entries.length) })}
          </p>
          <ol className="grid gap-3">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
          {log.hasNextPage ? (
            <Button
              variant="secondary"
              className="justify-self-center"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
              icon={<ChevronDown aria-hidden="true" className="size-4" />}
            >
              {t('admin.audit.loadMore')}
            </Button>
          ) : (
            <p className="text-center text-sm text-maroon-200">{t('admin.audit.end')}</p>
          )}
          {log.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm font-semibold text-rose-100">
              {t('admin.audit.loadMoreFailed', { reason: errorMessage(log.error) })}
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
