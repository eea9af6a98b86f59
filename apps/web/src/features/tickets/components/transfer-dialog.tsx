import { POLICY } from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import {
  TRANSFER_MESSAGES,
  type TransferRequest,
  transferFee,
  transferRequestSchema,
  transferWindow,
} from '@utsav/domain/transfer';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../ui/form-field';
import { useStartTransfer } from '../api/start-transfer';
import { useVerifyTransferPayment } from '../api/verify-transfer-payment';
import { loadCheckout } from '../checkout/razorpay';
import type { Ticket } from '../types';

const THEME_COLOR = '#f58a07';

type Errors = Partial<Record<keyof TransferRequest, string>>;
type Step = 'form' | 'paying' | 'verifying';

/** The fee, the rules, the recipient's name and email; then Razorpay's checkout for the fee. */
export function TransferDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
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
  const transferOpen =
    ticket.eventDate && ticket.eventStartTime
      ? transferWindow({ date: ticket.eventDate, startTime: ticket.eventStartTime }, new Date())
      : null;

  async function confirm(response: Parameters<typeof verify.mutateAsync>[0]) {
    setStep('verifying');
    try {
      await verify.mutateAsync(response);
      toast.success(`Ticket transferred to ${name.trim()}. We have emailed you both.`);
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
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof TransferRequest] ??= issue.message;
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
      setProblem('The payment window could not be opened. Please check your connection and try again.');
      return;
    }
    const instance = new Razorpay({
      key: order.key,
      amount: Math.round(order.amount * 100),
      currency: order.currency,
      order_id: order.orderId,
      name: ticket.eventName,
      description: `Transfer of ticket ${ticket.ticketId}`,
      theme: { color: THEME_COLOR },
      handler: (response) => {
        void confirm(response);
      },
      modal: {
        ondismiss: () => {
          setStep('form');
          setProblem('Payment cancelled. Nothing was charged and the ticket is still yours.');
        },
      },
    });
    instance.on('payment.failed', (response) => {
      toast.error(`Payment failed: ${response.error?.description ?? 'The payment was declined.'}`);
    });
    // Our modal must be closed before the provider's window opens (a modal <dialog> makes the page inert).
    flushSync(() => setStep('paying'));
    instance.open();
  }

  return (
    <Dialog
      open={step !== 'paying'}
      onClose={onClose}
      dismissible={step === 'form'}
      title="Transfer Ticket"
      description={`Ticket ${ticket.ticketId} · ${ticket.eventName}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={step !== 'form'}>
            Keep My Ticket
          </Button>
          <Button
            type="submit"
            form={`${nameId}-form`}
            loading={start.isPending || step === 'verifying'}
            disabled={transferOpen?.open === false}
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            Pay {formatRupees(fee)} & Transfer
          </Button>
        </>
      }
    >
      <form id={`${nameId}-form`} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <ul className="list-disc space-y-1.5 rounded-xl border border-gold-400/30 bg-maroon-950/60 py-3 pr-3 pl-7 text-sm text-maroon-50">
          <li>
            Transfer fee: <strong className="text-gold-200">{formatRupees(fee)}</strong> per ticket, paid now.
          </li>
          <li>
            Transfers close {POLICY.transferCompleteHoursBefore} hours before the event. Your QR code stops
            working and the recipient gets a new ticket by email.
          </li>
          <li>{TRANSFER_MESSAGES.refundNote}</li>
        </ul>
        {transferOpen && !transferOpen.open ? (
          <p role="alert" className="rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
            {transferOpen.message}
          </p>
        ) : null}
        <FormField id={nameId} label="Recipient’s name" error={errors.recipientName} required>
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
        <FormField id={emailId} label="Recipient’s email" error={errors.recipientEmail} required>
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
