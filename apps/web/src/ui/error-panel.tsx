import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** A list that failed to load: what went wrong and a Retry (docs/product.md#errors). */
export function ErrorPanel({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-rose-200" />
      <p className="font-semibold text-cream">{title}</p>
      <p className="max-w-md text-sm text-maroon-100">{message}</p>
      <Button
        variant="secondary"
        size="sm"
        loading={retrying}
        icon={<RotateCw aria-hidden="true" className="size-4" />}
        onClick={onRetry}
      >
        {t('admin.common.retry')}
      </Button>
    </div>
  );
}

/** Nothing to list: a calm line instead of an empty table. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-2 px-6 py-10 text-center">
      <p className="font-semibold text-cream">{title}</p>
      {children ? <div className="max-w-md text-sm text-maroon-100">{children}</div> : null}
    </div>
  );
}
