import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@utsav/domain/languages';
import { INVITABLE_ROLES, type InvitableRole } from '@utsav/domain/staff-invitations';
import { MailPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatInstant } from '../../../../ui/format';
import { useRoleLabel } from '../../../../ui/role-label';
import { Skeleton } from '../../../../ui/skeleton';
import { ViewHeader } from '../../../../ui/view-header';
import { type Invitation, useInvitations, useInviteStaff, useRevokeInvitation } from '../api/invitations';

const STATUS_KEYS: Record<Invitation['status'], string> = {
  pending: 'admin-invitations.status.pending',
  accepted: 'admin-invitations.status.accepted',
  revoked: 'admin-invitations.status.revoked',
};

function InviteForm() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('qrchecker');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate(
      { email, role, language },
      {
        onSuccess: (sent) => {
          toast.success(t('admin-invitations.sent', { email: sent.email }));
          setEmail('');
          setError(null);
        },
        onError: (failure) => {
          const detail = failure instanceof ApiError ? failure.details?.[0]?.message : undefined;
          setError(detail ?? errorMessage(failure));
          requestAnimationFrame(() => document.getElementById('invite-email')?.focus());
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="invite-title" className="card grid gap-5 p-5 sm:p-6">
      <h2 id="invite-title" className="font-sans text-lg font-semibold text-gold-200">
        {t('admin-invitations.formTitle')}
      </h2>
      <p className="text-sm text-maroon-100">{t('admin-invitations.formText')}</p>
      <FormField id="invite-email" label={t('admin-invitations.email')} required error={error}>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          required
          value={email}
          className={INPUT_CLASSES}
          {...fieldAria('invite-email', error)}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="invite-role" label={t('admin-invitations.role')}>
          <select
            id="invite-role"
            value={role}
            className={INPUT_CLASSES}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
          >
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabel(option)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="invite-language" label={t('admin-invitations.language')}>
          <select
            id="invite-language"
            value={language}
            className={INPUT_CLASSES}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          loading={invite.isPending}
          icon={<MailPlus aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          {t('admin-invitations.send')}
        </Button>
      </div>
    </form>
  );
}

function InvitationList({ onRevoke }: { onRevoke: (invitation: Invitation) => void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const query = useInvitations();
  if (query.isPending)
    return (
      <div role="status" className="card grid gap-3 p-5">
        <span className="sr-only">{t('admin-invitations.loading')}</span>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorPanel
        title={t('admin-invitations.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0) return <EmptyState title={t('admin-invitations.empty')} />;
  return (
    <ul aria-label={t('admin-invitations.listTitle')} className="grid gap-3">
      {query.data.map((invitation) => (
        <li key={invitation.id} className="card flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-all text-cream">{invitation.email}</p>
            <p className="text-sm text-maroon-100">
              {t('admin-invitations.line', {
                role: roleLabel(invitation.role),
                language: LANGUAGE_NAMES[invitation.language as Language] ?? invitation.language,
                date: formatInstant(invitation.createdAt),
              })}
            </p>
          </div>
          <span className="rounded-full border border-gold-400/40 px-3 py-1 text-sm text-gold-200">
            {t(STATUS_KEYS[invitation.status])}
          </span>
          {invitation.status === 'pending' ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('admin-invitations.revokeFor', { email: invitation.email })}
              onClick={() => onRevoke(invitation)}
            >
              {t('admin-invitations.revoke')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The admin panel 'Staff invitations' (docs/product.md#staff-invitations): invite by email, the list, revoke. */
export function InvitationsPanel({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (revoked) => {
        toast.success(t('admin-invitations.revoked', { email: revoked.email }));
        setRevoking(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        setRevoking(null);
      },
    });
  }

  return (
    <div className="grid gap-6">
      <ViewHeader
        title={t('admin-invitations.title')}
        description={t('admin-invitations.description')}
        onBack={onBack}
      />
      <InviteForm />
      <section aria-labelledby="invitations-list-title" className="grid gap-3">
        <h2 id="invitations-list-title" className="font-sans text-lg font-semibold text-gold-200">
          {t('admin-invitations.listTitle')}
        </h2>
        <InvitationList onRevoke={setRevoking} />
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin-invitations.confirmTitle')}
        confirmLabel={t('admin-invitations.confirmYes')}
        cancelLabel={t('admin-invitations.confirmNo')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        <p className="text-maroon-50">
          {t('admin-invitations.confirmText', { email: revoking?.email ?? '' })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
