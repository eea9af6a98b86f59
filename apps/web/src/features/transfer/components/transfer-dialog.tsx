import type { Ticket } from '@utsav/domain/api/tickets';
import { POLICY } from '@utsav/domain/constants';
import {
  type TimeLeft,
  type TransferRequest,
  transferFee,
  transferRequestSchema,
  transferWindow,
} from '@utsav/domain/transfer';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { loadCheckout } from '../../../lib/razorpay';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../ui/form-field';
import { formatRupees } from '../../../ui/format';
import { useStartTransfer } from '../api/start-transfer';
import { useVerifyTransferPayment } from '../api/verify-transfer-payment';

const THEME_COLOR = '#f58a07';

type Errors = Partial<Record<keyof TransferRequest, string>>;
type Step = 'form' | 'paying' | 'verifying';

/** Why the window is shut, with the time left until the event (the domain's rule, the sentence in the current language). */
function closedMessage(timeLeft: TimeLeft): string {
  const hours = POLICY.transferCompleteHoursBefore;
  switch (timeLeft.unit) {
    case 'started':
      return i18n.t('transfer.closed.started', { hours });
    case 'hours':
      return i18n.t('transfer.closed.hoursLeft', { hours, count: timeLeft.count });
    case 'minutes':
      return i18n.t('transfer.closed.minutesLeft', { hours, count: timeLeft.count });
    default:
      return i18n.t('transfer.closed.underAMinute', { hours });
  }
}

/** A form rule broken, said in the current language (the schema's own sentences are English). */
function fieldError(field: keyof TransferRequest, code: string): string {
  if (field === 'recipientEmail') return i18n.t('transfer.errors.emailInvalid');
  return code === 'too_big' ? i18n.t('transfer.errors.nameTooLong') : i18n.t('transfer.errors.nameRequired');
}

/** The fee, the rules, the recipient's name and email; then Razorpay's checkout for the fee. */
export function TransferDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('form');
  const start = useStartTransfer();
  const verify = useVerifyTransferPayment();
  const fee = transferFee(1);
  const transferOpen = transferWindow(ticket.event, new Date());

  async function confirm(response: Parameters<typeof verify.mutateAsync>[0]) {
    setStep('verifying');
    try {
      await verify.mutateAsync(response);
      toast.success(t('transfer.done', { name: name.trim() }));
      onClose();
    } catch (error) {
      setStep('form');
      setProblem(errorMessage(error));
    }
  }

  async function handleSubmit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    setProblem(null);
    const parsed = transferRequestSchema.safeParse({ recipientEmail: email, recipientName: name });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TransferRequest;
        next[field] ??= fieldError(field, issue.code);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const checkout = loadCheckout();
    checkout.catch(() => undefined);
    let order: Awaited<ReturnType<typeof start.mutateAsync>>;
    try {
      order = await start.mutateAsync({ ticketId: ticket.id, ...parsed.data });
    } catch (error) {
      const field =
        error instanceof ApiError
          ? error.details?.find((detail) => detail.field === 'recipientEmail')
          : undefined;
      if (field) setErrors({ recipientEmail: field.message });
      else setProblem(errorMessage(error));
      return;
    }
    let Razorpay: Awaited<typeof checkout>;
    try {
      Razorpay = await checkout;
    } catch {
      setProblem(t('transfer.checkoutFailed'));
      return;
    }
    const instance = new Razorpay({
      key: order.key,
      amount: Math.round(order.amount * 100),
      currency: order.currency,
      order_id: order.orderId,
      name: ticket.eventName,
      description: t('transfer.paymentDescription', { ticketId: ticket.ticketId }),
      theme: { color: THEME_COLOR },
      handler: (response) => {
        void confirm(response);
      },
      modal: {
        ondismiss: () => {
          setStep('form');
          setProblem(t('transfer.paymentCancelled'));
        },
      },
    });
    instance.on('payment.failed', (response) => {
      toast.error(
        t('transfer.paymentFailed', { reason: response.error?.description ?? t('transfer.declined') }),
      );
    });
    // Our modal must be closed before the provider's window opens (a modal <dialog> makes the page inert).
    flushSync(() => setStep('paying'));
    instance.open();
  }

  return (
    <Dialog
      labels={{
        close: t('transfer.dialog.close'),
        notifications: t('transfer.dialog.notifications'),
        closeToast: t('transfer.dialog.closeToast'),
      }}
      open={step !== 'paying'}
      onClose={onClose}
      dismissible={step === 'form'}
      title={t('transfer.title')}
      description={t('transfer.description', { ticketId: ticket.ticketId, eventName: ticket.eventName })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={step !== 'form'}>
            {t('transfer.keep')}
          </Button>
          <Button
            type="submit"
            form={`${nameId}-form`}
            loading={start.isPending || step === 'verifying'}
            disabled={!transferOpen.open}
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            {t('transfer.pay', { fee: formatRupees(fee) })}
          </Button>
        </>
      }
    >
      <form id={`${nameId}-form`} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <ul className="list-disc space-y-1.5 rounded-xl border border-gold-400/30 bg-maroon-950/60 py-3 pr-3 pl-7 text-sm text-maroon-50">
          <li>
            <Trans
              i18nKey="transfer.rules.fee"
              values={{ fee: formatRupees(fee) }}
              components={{ strong: <strong className="text-gold-200" /> }}
            />
          </li>
          <li>{t('transfer.rules.window', { hours: POLICY.transferCompleteHoursBefore })}</li>
          <li>{t('transfer.rules.noRefund')}</li>
        </ul>
        {!transferOpen.open ? (
          <p role="alert" className="rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
            {closedMessage(transferOpen.timeLeft)}
          </p>
        ) : null}
        <FormField id={nameId} label={t('transfer.recipientName')} error={errors.recipientName} required>
          <input
            id={nameId}
            className={INPUT_CLASSES}
            value={name}
            autoComplete="name"
            maxLength={100}
            onChange={(change) => setName(change.target.value)}
            {...fieldAria(nameId, errors.recipientName)}
          />
        </FormField>
        <FormField id={emailId} label={t('transfer.recipientEmail')} error={errors.recipientEmail} required>
          <input
            id={emailId}
            type="email"
            inputMode="email"
            className={INPUT_CLASSES}
            value={email}
            autoComplete="email"
            onChange={(change) => setEmail(change.target.value)}
            {...fieldAria(emailId, errors.recipientEmail)}
          />
        </FormField>
        {problem ? (
          <p role="alert" className="rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
            {problem}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
