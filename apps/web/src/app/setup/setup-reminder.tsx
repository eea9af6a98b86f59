import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/context/auth-context';
import { useSetupStatus } from '../../features/setup/api/get-setup';
import { buttonClasses } from '../../ui/button';
import { PREVIEW_AS_GUEST } from './preview-banner';

/**
 * On the staff dashboard and the landing page while the first run is unfinished: what is still missing and
 * the way back into it. Nothing once the event is published.
 */
export function SetupReminder({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  const setup = useSetupStatus(user?.id ?? null, role === 'admin' || role === 'manager');
  if (!setup.data || setup.data.complete) return null;
  const draft = setup.data.event === 'draft';
  return (
    <section
      aria-labelledby="setup-reminder-title"
      className={`card flex flex-wrap items-center gap-4 border-saffron-300/60 p-5 ${className}`}
    >
      <ClipboardList aria-hidden="true" className="size-8 shrink-0 text-saffron-300" />
      <div className="min-w-[min(14rem,100%)] flex-1 text-left">
        <h2 id="setup-reminder-title" className="font-sans text-lg font-semibold text-cream">
          {draft ? t('landing.setup.draftTitle') : t('landing.setup.unfinishedTitle')}
        </h2>
        <p className="text-maroon-100">
          {draft ? t('landing.setup.draftText') : t('landing.setup.unfinishedText')}
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        {draft ? (
          <Link to={PREVIEW_AS_GUEST} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            {t('landing.setup.preview')}
          </Link>
        ) : null}
        {role === 'admin' ? (
          <Link to="/setup" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
            {t('landing.setup.continue')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** On the landing page of an install nobody runs yet: the way to become its organiser. */
export function FirstRunInvite() {
  const { t } = useTranslation();
  const { user, status } = useAuth();
  const settled = status === 'signed-in' || status === 'signed-out';
  const setup = useSetupStatus(user?.id ?? null, settled);
  if (!setup.data || setup.data.adminExists) return null;
  if (status === 'signed-in' && !setup.data.canBecomeOrganiser) return null;
  return (
    <section
      aria-labelledby="first-run-title"
      className="card mx-auto flex max-w-md flex-col items-center gap-3 border-saffron-300/60 p-5 text-center"
    >
      <h2 id="first-run-title" className="font-sans text-lg font-semibold text-cream">
        {t('landing.setup.firstRunTitle')}
      </h2>
      <p className="text-maroon-100">{t('landing.setup.firstRunText')}</p>
      <Link to="/setup" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
        {t('landing.setup.start')}
      </Link>
    </section>
  );
}
