import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { formatCount, formatInstant } from '../../../../ui/format';
import { SkeletonList } from '../../../../ui/skeleton';
import { type GuestMessageSummary, useMessages } from '../api/messages';
import { AUDIENCE_LABELS } from './message-values';

function MessageItem({ message }: { message: GuestMessageSummary }) {
  const { t } = useTranslation();
  const done = message.sent + message.failed;
  const figures = [
    ['queued', 'admin-messages.list.queued', message.queued],
    ['sent', 'admin-messages.list.sent', message.sent],
    ['failed', 'admin-messages.list.failed', message.failed],
  ] as const;
  return (
    <li className="card grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-cream">{message.subject}</h3>
        {message.test ? (
          <span className="rounded-full bg-saffron-400/20 px-2.5 py-0.5 text-xs font-bold text-saffron-200">
            {t('admin-messages.list.test')}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-maroon-100">
        {t(AUDIENCE_LABELS[message.audience])} ·{' '}
        {t('admin-messages.list.by', { name: message.sentBy.name, date: formatInstant(message.createdAt) })}
      </p>
      <progress
        value={done}
        max={Math.max(message.recipients, 1)}
        aria-label={t('admin-messages.list.progress', {
          done: formatCount(done),
          recipients: formatCount(message.recipients),
        })}
        className="h-2 w-full accent-saffron-400"
      />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-maroon-200">{t('admin-messages.list.recipients')}</dt>
          <dd className="font-semibold text-cream">{formatCount(message.recipients)}</dd>
        </div>
        {figures.map(([name, label, value]) => (
          <div key={name}>
            <dt className="text-maroon-200">{t(label)}</dt>
            <dd className="font-semibold text-cream" data-figure={name}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The messages sent, newest first, each with its mails queued, sent and failed, read again while any is queued. */
export function MessageList() {
  const { t } = useTranslation();
  const query = useMessages();
  let body: React.ReactNode;
  if (query.isPending) body = <SkeletonList rows={2} label={t('admin-messages.list.loading')} />;
  else if (query.isError)
    body = (
      <ErrorPanel
        title={t('admin-messages.list.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.length === 0)
    body = (
      <EmptyState title={t('admin-messages.list.empty')}>{t('admin-messages.list.emptyText')}</EmptyState>
    );
  else
    body = (
      <ul className="grid gap-4">
        {query.data.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="msg-list-title" className="mt-8">
      <h2 id="msg-list-title" className="mb-4 font-display text-2xl text-gold-200">
        {t('admin-messages.list.title')}
      </h2>
      {body}
    </section>
  );
}
