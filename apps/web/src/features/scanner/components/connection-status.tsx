import { Cloud, CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The pill under the title: online or offline in words and icon, and how many admissions wait to sync. */
export function ConnectionStatus({
  online,
  queued,
  syncing,
}: {
  online: boolean;
  queued: number;
  syncing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="connection-status"
      data-online={online}
      data-queued={queued}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ${
        online ? 'bg-green-900/70 text-green-100 ring-1 ring-green-400/60' : 'bg-amber-300 text-ink'
      }`}
    >
      {online ? (
        <Cloud aria-hidden="true" className="size-4" />
      ) : (
        <CloudOff aria-hidden="true" className="size-4" />
      )}
      <span>{online ? t('scanner.connection.online') : t('scanner.connection.offline')}</span>
      <span aria-hidden="true">·</span>
      <span data-testid="queue-size">
        {syncing && queued > 0
          ? t('scanner.connection.syncing', { count: queued })
          : t('scanner.connection.waiting', { count: queued })}
      </span>
    </p>
  );
}
