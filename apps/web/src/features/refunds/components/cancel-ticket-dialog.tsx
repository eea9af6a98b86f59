import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PLATFORM,
  CANCELLATION_MIN_DAYS,
  POLICY,
  REASON_MAX_LENGTH,
} from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { cancelReasonSchema } from '@utsav/domain/refund-schemas';
import {
  type CancellationWindow,
  canCancelTicket,
  cancellationWindow,
  refundQuote,
} from '@utsav/domain/refunds';
import { ArrowLeft, CalendarX2, CircleCheck, TriangleAlert, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toastTarget } from '../../../ui/toast';
import { useCancelTicket } from '../api/cancel-ticket';
import type { CancellableTicket, Refund } from '../types';
import { lastEight } from '../utils/format';

// The cancel dialog (guest-side §2, §4, §5): form, confirmation, refund-initiated summary; 'Cannot Cancel'
// when fewer than 10 days remain. The window and the refund are computed with the same domain functions
// the server uses, so what the guest is promised is what the server does.

export const CANCEL_MESSAGES = {
  failed: (reason: string) => `Failed to cancel ticket: ${reason}`,
  notInitiated: 'Failed to initiate refund. Please try again.',
} as const;

type Step = 'form' | 'confirm' | 'done';

const LINK = 'font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300';

function PolicyLinks() {
  return (
    <p className="text-sm text-maroon-100">
      Read our{' '}
      <a href="/refund-policy" target="_blank" rel="noopener noreferrer" className={LINK}>
        Refund Policy
      </a>{' '}
      and{' '}
      <a href="/cancellation-policy" target="_blank" rel="noopener noreferrer" className={LINK}>
        Cancellation Policy
      </a>
      .
    </p>
  );
}

function Row({
  label,
  children,
  strong = false,
  nowrap = true,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  nowrap?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'text-base font-bold' : 'text-sm'}`}
    >
      <dt className={strong ? 'text-cream' : 'text-maroon-100'}>{label}</dt>
      <dd
        className={`text-right tabular-nums ${nowrap ? 'whitespace-nowrap' : ''} ${strong ? 'text-gold-200' : 'text-cream'}`}
      >
        {children}
      </dd>
    </div>
  );
}

function Breakdown({
  originalAmount,
  processingFee,
  refundAmount,
}: {
  originalAmount: number;
  processingFee: number;
  refundAmount: number;
}) {
  return (
    <dl className="grid gap-2 rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
      <Row label="Original amount">{formatRupees(originalAmount)}</Row>
      <Row
        label={
          <>
            Deduction
            <span className="block text-xs">
              {formatRupees(CANCELLATION_DEDUCTION_GATEWAY)} payment gateway +{' '}
              {formatRupees(CANCELLATION_DEDUCTION_PLATFORM)} platform
            </span>
          </>
        }
      >
        {`−\u00a0${formatRupees(processingFee)}`}
      </Row>
      <div className="border-t border-gold-400/20 pt-2">
        <Row label="Refund amount" strong>
          {formatRupees(refundAmount)}
        </Row>
      </div>
    </dl>
  );
}

function TicketLine({ ticket }: { ticket: CancellableTicket }) {
  return (
    <p className="text-sm text-maroon-100">
      <span className="font-semibold text-cream">{ticket.eventName}</span> ·{' '}
      <span className="whitespace-nowrap">
        Ticket <span className="font-mono text-gold-200">#{lastEight(ticket.ticketId)}</span> ·{' '}
        {formatRupees(ticket.price)}
      </span>
    </p>
  );
}

function CannotCancel({ message }: { message: string }) {
  return (
    <div className="grid gap-4">
      <div role="alert" className="flex gap-3 rounded-xl border border-rose-200/40 bg-rose-200/10 p-4">
        <CalendarX2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-rose-200" />
        <p className="text-cream">{message}</p>
      </div>
      <p className="text-sm text-maroon-100">
        Within {CANCELLATION_MIN_DAYS} days of the event no cancellation or refund is possible, and your
        ticket stays valid for entry. If something serious has happened, write to{' '}
        <a className={LINK} href={`mailto:${POLICY.supportEmail}`}>
          {POLICY.supportEmail}
        </a>
        .
      </p>
      <PolicyLinks />
    </div>
  );
}

function Summary({ refund }: { refund: Refund }) {
  return (
    <div className="grid gap-4">
      <div role="status" className="flex gap-3 rounded-xl border border-emerald-200/40 bg-emerald-200/10 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-200" />
        <p className="text-cream">
          Your ticket has been cancelled and a refund of{' '}
          <strong className="text-gold-200">{formatRupees(refund.refundAmount)}</strong> has been initiated to
          your original payment method.
        </p>
      </div>
      <Breakdown
        originalAmount={refund.originalAmount}
        processingFee={refund.processingFee}
        refundAmount={refund.refundAmount}
      />
      <dl className="grid gap-2 text-sm">
        <Row label="Refund reference">
          <span className="font-mono">{refund.refundId}</span>
        </Row>
        <Row label="Status" nowrap={false}>
          {refund.statusLabel}
        </Row>
        <Row label="Expected">{POLICY.refundBusinessDays} business days</Row>
      </dl>
      <p className="text-sm text-maroon-100">
        We have emailed you a confirmation. Follow the refund in the Refund Tracker on your dashboard.
      </p>
    </div>
  );
}

/**
 * Opened for one ticket. `eventDate` (YYYY-MM-DD, IST) decides the window here as on the server; when it is
 * unknown the server decides and a refusal switches the dialog to 'Cannot Cancel'.
 */
export function CancelTicketDialog({
  ticket,
  eventDate,
  open,
  onClose,
  now = () => new Date(),
}: {
  ticket: CancellableTicket;
  eventDate: string | null;
  open: boolean;
  onClose: () => void;
  now?: () => Date;
}) {
  const [step, setStep] = useState<Step>('form');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [finalAgreed, setFinalAgreed] = useState(false);
  const [refund, setRefund] = useState<Refund | null>(null);
  const [serverClosed, setServerClosed] = useState<string | null>(null);
  const reasonId = useId();
  const reasonErrorId = useId();
  const counterId = useId();
  const missingId = useId();
  const cancel = useCancelTicket({
    onSuccess: (created) => {
      setRefund(created);
      setStep('done');
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the window is decided when the dialog opens.
  const window = useMemo<CancellationWindow | null>(
    () => (eventDate ? cancellationWindow(eventDate, now()) : null),
    [eventDate, open],
  );
  const quote = refundQuote([ticket.price]);
  const parsedReason = cancelReasonSchema.safeParse(reason);
  const reasonError = parsedReason.success ? null : (parsedReason.error.issues[0]?.message ?? null);
  const closedMessage = serverClosed ?? (window && !window.open ? window.message : null);

  function close() {
    if (cancel.isPending) return;
    if (step === 'done') {
      // 'Done' closes and reloads the page (guest-side §4), so every count on it is fresh.
      onClose();
      globalThis.location.reload();
      return;
    }
    onClose();
  }

  function toConfirm() {
    setTouched(true);
    if (!parsedReason.success || !finalAgreed) return;
    setStep('confirm');
  }

  function submit() {
    if (!parsedReason.success) return;
    cancel.mutate(
      { ticketId: ticket.id, reason: parsedReason.data },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CANCELLATION_WINDOW_CLOSED') {
            setServerClosed(error.message);
            return;
          }
          if (error instanceof ApiError) {
            toast.error(CANCEL_MESSAGES.failed(error.message), toastTarget());
          } else {
            toast.error(CANCEL_MESSAGES.notInitiated, toastTarget());
          }
          setStep('form');
        },
      },
    );
  }

  if (!canCancelTicket(ticket).ok && step !== 'done') return null;

  if (closedMessage && step !== 'done') {
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Cannot Cancel"
        description={<TicketLine ticket={ticket} />}
        footer={
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        }
      >
        <CannotCancel message={closedMessage} />
      </Dialog>
    );
  }

  if (step === 'done' && refund) {
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Refund Initiated"
        description={<TicketLine ticket={ticket} />}
        footer={<Button onClick={close}>Done</Button>}
      >
        <Summary refund={refund} />
      </Dialog>
    );
  }

  if (step === 'confirm') {
    return (
      <Dialog
        open={open}
        onClose={close}
        dismissible={!cancel.isPending}
        title="Confirm Cancellation"
        description={<TicketLine ticket={ticket} />}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setStep('form')}
              disabled={cancel.isPending}
              icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            >
              Back
            </Button>
            <Button variant="danger" onClick={submit} loading={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, Cancel Ticket'}
            </Button>
          </>
        }
      >
        <div className="grid gap-4">
          <div className="flex gap-3 rounded-xl border border-saffron-400/40 bg-saffron-400/10 p-4">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-saffron-300" />
            <p className="text-cream">
              Are you sure? Ticket <span className="font-mono">#{lastEight(ticket.ticketId)}</span> will be
              cancelled at once and its QR code will no longer admit entry. This cannot be undone.
            </p>
          </div>
          <Breakdown {...quote} />
          <div className="text-sm">
            <p className="text-maroon-100">Your reason</p>
            <p className="mt-1 rounded-lg bg-maroon-950/60 p-3 text-cream [overflow-wrap:anywhere] whitespace-pre-line">
              {parsedReason.success ? parsedReason.data : reason}
            </p>
          </div>
        </div>
      </Dialog>
    );
  }

  const showReasonError = touched && reasonError !== null;
  // A disabled Continue says why: what is still missing, in words, next to it.
  const missing = missingToContinue(parsedReason.success, finalAgreed);
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Cancel Ticket"
      description={<TicketLine ticket={ticket} />}
      footer={
        <>
          <Button variant="secondary" onClick={close} icon={<X aria-hidden="true" className="size-4" />}>
            Keep Ticket
          </Button>
          <Button
            variant="danger"
            onClick={toConfirm}
            disabled={!finalAgreed}
            aria-describedby={missing ? missingId : undefined}
          >
            Continue
          </Button>
        </>
      }
    >
      <form
        className="grid gap-5"
        noValidate
        onSubmit={(submitEvent) => {
          submitEvent.preventDefault();
          toConfirm();
        }}
      >
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-maroon-200 uppercase">Refund breakdown</h3>
          <div className="mt-2">
            <Breakdown {...quote} />
          </div>
          <p className="mt-2 text-sm text-maroon-100">
            The refund reaches your original payment method within {POLICY.refundBusinessDays} business days.
          </p>
        </div>

        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={reasonId} className="font-semibold text-cream">
              Reason for cancellation
            </label>
            <span
              id={counterId}
              className={`text-xs tabular-nums ${reason.length > REASON_MAX_LENGTH ? 'text-rose-200' : 'text-maroon-200'}`}
            >
              {reason.length}/{REASON_MAX_LENGTH}
            </span>
          </div>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(changeEvent) => setReason(changeEvent.target.value)}
            onBlur={() => setTouched(true)}
            maxLength={REASON_MAX_LENGTH}
            rows={3}
            required
            aria-invalid={showReasonError || undefined}
            aria-describedby={`${counterId}${showReasonError ? ` ${reasonErrorId}` : ''}`}
            placeholder="Tell us why you are cancelling"
            className="mt-2 block w-full resize-y rounded-xl border border-gold-400/40 bg-maroon-950/70 px-3 py-2 text-cream placeholder:text-maroon-300 focus:border-gold-300 focus:outline-none aria-[invalid=true]:border-rose-300"
          />
          {showReasonError ? (
            <p id={reasonErrorId} className="mt-1.5 text-sm font-semibold text-rose-200">
              {reasonError}
            </p>
          ) : null}
        </div>

        <label className="flex cursor-pointer items-start gap-3 text-sm text-cream">
          <input
            type="checkbox"
            checked={finalAgreed}
            onChange={(changeEvent) => setFinalAgreed(changeEvent.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
          />
          <span>
            I understand that this cancellation is final: the ticket cannot be restored, and{' '}
            {formatRupees(quote.processingFee)} is deducted from my refund.
          </span>
        </label>

        <PolicyLinks />
        {missing ? (
          <p id={missingId} className="text-sm font-semibold text-gold-200">
            {missing}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** What the guest still has to do before Continue, or null when nothing is missing. */
export function missingToContinue(reasonGiven: boolean, finalTicked: boolean): string | null {
  if (!reasonGiven && !finalTicked)
    return 'To continue, write a reason for cancelling and tick the box confirming the cancellation is final.';
  if (!reasonGiven) return 'To continue, write a reason for cancelling.';
  if (!finalTicked) return 'To continue, tick the box confirming the cancellation is final.';
  return null;
}

/**
 * The Cancel button of a ticket card: only on active tickets not issued by an admin (guest-side §2). The page
 * keeps which ticket is being cancelled and renders one CancelTicketDialog: the card itself moves to the
 * Cancelled group (a new element) once the ticket is cancelled, and the dialog must outlive it.
 */
export function CancelTicketButton({
  ticket,
  onCancel,
}: {
  ticket: CancellableTicket;
  onCancel: (ticket: CancellableTicket) => void;
}) {
  if (!canCancelTicket(ticket).ok) return null;
  return (
    <Button
      size="sm"
      variant="danger"
      className="px-2.5! sm:px-4!"
      onClick={() => onCancel(ticket)}
      icon={<X aria-hidden="true" className="size-4" />}
      aria-label={`Cancel ticket ${lastEight(ticket.ticketId)}`}
    >
      Cancel
    </Button>
  );
}
