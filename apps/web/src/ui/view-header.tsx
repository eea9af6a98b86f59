import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * The top of an in-page view of the admin dashboard: 'Back to Dashboard', the title and the view's actions.
 * The title takes focus when the view opens, so a screen reader hears where it landed.
 */
export function ViewHeader({
  title,
  description,
  onBack,
  actions,
}: {
  title: string;
  description?: ReactNode;
  onBack: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <header className="mb-6">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3"
        onClick={onBack}
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        {t('admin.common.backToDashboard')}
      </Button>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="font-display text-3xl break-words hyphens-auto text-gold-200 outline-none sm:text-4xl"
          >
            {title}
          </h1>
          {description ? <div className="mt-1 text-maroon-100">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
