import { ArrowRight, PartyPopper, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assignAdmin } from '../../features/admin/dashboard/api/assign-admin';
import { EventManager } from '../../features/admin/event-manager/components/event-manager';
import { PublishPanel } from '../../features/admin/event-manager/components/publish-panel';
import { OrganiserProfileEditor } from '../../features/admin/organiser/components/organiser-panel';
import { TicketTypesEditor } from '../../features/admin/ticket-types/components/ticket-types-editor';
import { useAuth } from '../../features/auth/context/auth-context';
import { type SetupStatus, useSetupStatus } from '../../features/setup/api/get-setup';
import { SetupProgress, type SetupStep } from '../../features/setup/components/setup-progress';
import { errorMessage } from '../../lib/api-client';
import { Button, buttonClasses } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { LoadingScreen } from '../../ui/full-screen-message';

/** Where a person is in the first run: the first step not yet done. */
function currentStep(setup: SetupStatus, isAdmin: boolean, typesSeen: boolean): SetupStep | 'done' {
  if (!isAdmin) return 'organiser';
  if (!setup.organiserProfile) return 'profile';
  if (setup.event === 'none') return 'event';
  if (setup.event === 'draft') return typesSeen ? 'publish' : 'ticketTypes';
  return 'done';
}

/** One step's card; its heading takes focus when the step opens, so a screen reader hears where it is. */
function Step({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: false }), []);
  return (
    <section aria-labelledby="setup-step-title" className="grid gap-5">
      <h2
        id="setup-step-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl text-gold-200 focus:outline-none sm:text-3xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function BecomeOrganiser({ setup, onBecame }: { setup: SetupStatus; onBecame: () => Promise<void> }) {
  const { t } = useTranslation();
  const { status, signIn, signingIn, role } = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  let body: ReactNode;
  if (status !== 'signed-in') {
    body = (
      <>
        <p className="text-maroon-50">
          {setup.bootstrap === 'listed-email'
            ? t('setup.organiser.signInListed')
            : t('setup.organiser.signIn')}
        </p>
        <Button size="lg" loading={signingIn} onClick={() => void signIn('page').catch(() => undefined)}>
          {t('auth.signInWithGoogle')}
        </Button>
      </>
    );
  } else if (setup.canBecomeOrganiser) {
    body = (
      <>
        <p className="text-maroon-50">{t('setup.organiser.become')}</p>
        <Button
          size="lg"
          loading={busy}
          icon={<ShieldCheck aria-hidden="true" className="size-5" />}
          onClick={async () => {
            setBusy(true);
            try {
              await assignAdmin();
              await onBecame();
            } catch (error) {
              setFailure(errorMessage(error));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('setup.organiser.becomeButton')}
        </Button>
      </>
    );
  } else {
    const text = setup.adminExists
      ? t('setup.organiser.alreadyRun')
      : setup.bootstrap === 'listed-email'
        ? t('setup.organiser.notListed')
        : t('setup.organiser.notAllowed');
    body = (
      <>
        <p className="text-maroon-50">{text}</p>
        <Link to={role ? `/dashboard/${role}` : '/'} className={buttonClasses('secondary', 'lg', 'w-fit')}>
          {t('setup.organiser.leave')}
        </Link>
      </>
    );
  }
  return (
    <Step title={t('setup.organiser.title')}>
      <div className="card grid gap-4 p-5 sm:p-6">
        {body}
        {failure ? (
          <p role="alert" className="font-semibold text-rose-200">
            {failure}
          </p>
        ) : null}
      </div>
    </Step>
  );
}

function TicketTypesStep({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <Step title={t('setup.ticketTypes.title')}>
      <p className="text-maroon-100">{t('setup.ticketTypes.text')}</p>
      <TicketTypesEditor canWrite />
      <div className="flex justify-end">
        <Button
          size="lg"
          onClick={onContinue}
          icon={<ArrowRight aria-hidden="true" className="size-5" />}
          className="w-full sm:w-auto"
        >
          {t('setup.ticketTypes.continue')}
        </Button>
      </div>
    </Step>
  );
}

function Done() {
  const { t } = useTranslation();
  return (
    <Step title={t('setup.done.title')}>
      <div className="card grid gap-4 p-5 sm:p-6">
        <PartyPopper aria-hidden="true" className="size-10 text-saffron-300" />
        <p className="text-maroon-50">{t('setup.done.text')}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
            {t('setup.done.landing')}
          </Link>
          <Link to="/dashboard/admin" className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            {t('setup.done.dashboard')}
          </Link>
        </div>
      </div>
    </Step>
  );
}

/**
 * /setup: the first run (docs/product.md#first-run). The first person (or a listed address) becomes the
 * organiser, fills in the organiser profile, creates the event as a draft, checks its tickets and publishes.
 * Each step is the same form the admin panels use; GET /setup says which one is next.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const { user, role, refreshUser, status } = useAuth();
  const settled = status !== 'loading' && status !== 'initializing';
  const setup = useSetupStatus(user?.id ?? null, settled);
  const [typesSeen, setTypesSeen] = useState(false);

  if (!settled || setup.isPending) return <LoadingScreen text={t('setup.loading')} />;
  if (setup.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 pt-below-header pb-20">
        <ErrorPanel
          title={t('setup.loadFailed')}
          message={errorMessage(setup.error)}
          onRetry={() => void setup.refetch()}
        />
      </div>
    );

  const isAdmin = role === 'admin';
  const step = currentStep(setup.data, isAdmin, typesSeen);
  const refetch = async () => {
    await setup.refetch();
  };
  let content: ReactNode;
  switch (step) {
    case 'organiser':
      content = (
        <BecomeOrganiser
          setup={setup.data}
          onBecame={async () => {
            await refreshUser();
            await refetch();
          }}
        />
      );
      break;
    case 'profile':
      content = (
        <Step title={t('setup.profile.title')}>
          <p className="text-maroon-100">{t('setup.profile.text')}</p>
          <OrganiserProfileEditor onSaved={() => void refetch()} submitLabel={t('setup.saveAndContinue')} />
        </Step>
      );
      break;
    case 'event':
      content = (
        <Step title={t('setup.event.title')}>
          <p className="text-maroon-100">{t('setup.event.text')}</p>
          <EventManager currentUser={role ? { role } : null} createAsDraft onCreated={() => void refetch()} />
        </Step>
      );
      break;
    case 'ticketTypes':
      content = <TicketTypesStep onContinue={() => setTypesSeen(true)} />;
      break;
    case 'publish':
      content = (
        <Step title={t('setup.publish.title')}>
          <p className="text-maroon-100">{t('setup.publish.text')}</p>
          <PublishPanel canPublish onPublished={() => void refetch()} />
        </Step>
      );
      break;
    default:
      content = <Done />;
  }

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-below-header pb-20 sm:px-5">
      <header className="grid gap-2">
        <h1 className="font-display text-3xl text-cream sm:text-4xl">{t('setup.title')}</h1>
        <p className="text-maroon-100">{t('setup.intro')}</p>
      </header>
      <SetupProgress current={step} />
      {content}
    </div>
  );
}
