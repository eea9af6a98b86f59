import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';

/** The search parameter of the landing page's "Preview as guest" (staff only; guests see nothing of a draft). */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_AS_GUEST = `/?${PREVIEW_PARAM}=guest`;

/** Over a draft shown as guests will see it: it is not public yet, and the way back to editing it. */
export function PreviewBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="preview-banner-title"
      data-testid="preview-banner"
      className="card flex flex-wrap items-center gap-4 border-saffron-300/60 p-5"
    >
      <Eye aria-hidden="true" className="size-8 shrink-0 text-saffron-300" />
      <div className="min-w-[min(14rem,100%)] flex-1 text-left">
        <h2 id="preview-banner-title" className="font-sans text-lg font-semibold text-cream">
          {t('landing.preview.title')}
        </h2>
        <p className="text-maroon-100">{t('landing.preview.text')}</p>
      </div>
      <Link
        to="/dashboard/admin?view=event-manager"
        className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
      >
        {t('landing.preview.back')}
      </Link>
    </section>
  );
}
