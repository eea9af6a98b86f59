import { confirmsEventName } from '@utsav/domain/event-change';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount, formatRupees } from '../../../../ui/format';
import { type CallOffDryRunAnswer, useCallOff, useCallOffDryRun } from '../api/event-change';

type Field = 'confirm' | 'code';

/** What the dry run found: nothing has changed yet. */
function DryRunFigures({ plan }: { plan: CallOffDryRunAnswer }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('admin-event-change.callOff.orders'), formatCount(plan.orders)],
    [t('admin-event-change.callOff.tickets'), formatCount(plan.tickets)],
    [t('admin-event-change.callOff.refundTotal'), formatRupees(plan.refundTotal)],
    [t('admin-event-change.callOff.razorpayCalls'), formatCount(plan.razorpayCalls)],
  ];
  return (
    <section aria-labelledby="call-off-plan" className="grid gap-3">
      <h4 id="call-off-plan" className="font-semibold text-cream">
        {t('admin-event-change.callOff.planTitle')}
      </h4>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(9rem,100%),1fr))] gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-3">
            <dt className="text-sm text-maroon-100">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-gold-200 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {plan.orders === 0 ? (
        <p className="text-sm text-maroon-100">{t('admin-event-change.callOff.nothingToRefund')}</p>
      ) : null}
    </section>
  );
}

/**
 * Calling the night off, in the order the safety asks for: a dry run first (orders, tickets, the total and the
 * Razorpay calls it will make), then the event's name typed to confirm, and the emailed code when more than
 * ₹1,00,000 goes back. The server checks both again; its per-field answers are shown under the fields.
 */
export function CallOffFlow({ eventName, onBack }: { eventName: string; onBack: () => void }) {
  const { t } = useTranslation();
  const dryRun = useCallOffDryRun();
  const callOff = useCallOff();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // A code is good for one try (the server takes it before comparing): after a refusal, a new one is mailed.
  const [codeSpent, setCodeSpent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const plan = dryRun.data ?? null;

  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };

  function runDryRun() {
    setCode('');
    setCodeSpent(false);
    setErrors({});
    dryRun.mutate(undefined, {
      onError: (error) =>
        toast.error(t('admin-event-change.callOff.dryRunFailed', { reason: errorMessage(error) })),
    });
  }

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    if (!plan) return;
    const found: Partial<Record<Field, string>> = {};
    if (!confirmsEventName(typed, eventName)) found.confirm = t('admin-event-change.callOff.nameMismatch');
    if (plan.codeRequired && code.trim() === '') found.code = t('admin-event-change.callOff.codeMissing');
    if (Object.keys(found).length > 0) return refuse(found);
    callOff.mutate(
      { confirm: typed, code: plan.codeRequired ? code.trim() : undefined },
      {
        onSuccess: () => toast.success(t('admin-event-change.callOff.done')),
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? []) : [];
          if (details.some((detail) => detail.field === 'code')) setCodeSpent(true);
          if (details.length > 0) refuse(Object.fromEntries(details.map((d) => [d.field, d.message])));
          else toast.error(t('admin-event-change.callOff.failed', { reason: errorMessage(error) }));
        },
      },
    );
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <h3 className="font-sans text-lg font-semibold text-gold-200">
        {t('admin-event-change.callOff.title')}
      </h3>
      <div className="flex gap-3 rounded-xl border border-rose-300/40 bg-rose-950/40 p-4">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-rose-200" />
        <p className="text-cream">{t('admin-event-change.callOff.intro')}</p>
      </div>
      {plan ? null : (
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onBack} disabled={dryRun.isPending}>
            {t('admin-event-change.back')}
          </Button>
          <Button onClick={runDryRun} loading={dryRun.isPending}>
            {t('admin-event-change.callOff.dryRun')}
          </Button>
        </div>
      )}
      {plan ? (
        <>
          <DryRunFigures plan={plan} />
          <form ref={form} noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
            <FormField
              id="call-off-confirm"
              label={t('admin-event-change.callOff.confirmLabel', { name: eventName })}
              error={errors.confirm}
              required
            >
              <input
                id="call-off-confirm"
                type="text"
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(changed) => {
                  setTyped(changed.target.value);
                  setErrors(({ confirm: _cleared, ...rest }) => rest);
                }}
                className={INPUT_CLASSES}
                {...fieldAria('call-off-confirm', errors.confirm)}
              />
            </FormField>
            {plan.codeRequired ? (
              <FormField
                id="call-off-code"
                label={t('admin-event-change.callOff.codeLabel')}
                hint={t('admin-event-change.callOff.codeHint')}
                error={errors.code}
                required
              >
                <input
                  id="call-off-code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(changed) => {
                    setCode(changed.target.value);
                    setErrors(({ code: _cleared, ...rest }) => rest);
                  }}
                  className={INPUT_CLASSES}
                  {...fieldAria('call-off-code', errors.code, true)}
                />
              </FormField>
            ) : null}
            {plan.codeRequired && codeSpent ? (
              <Button
                variant="secondary"
                onClick={runDryRun}
                loading={dryRun.isPending}
                className="justify-self-start"
              >
                {t('admin-event-change.callOff.newCode')}
              </Button>
            ) : null}
            <p className="text-sm font-semibold text-rose-100">
              {t('admin-event-change.callOff.irreversible')}
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onBack} disabled={callOff.isPending}>
                {t('admin-event-change.back')}
              </Button>
              <Button type="submit" variant="danger" loading={callOff.isPending}>
                {t('admin-event-change.callOff.submit')}
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </div>
  );
}
