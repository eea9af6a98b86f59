import type { Refund } from '@utsav/domain/api/refunds';
import { CANCELLATION_MIN_DAYS, POLICY, REASON_MAX_LENGTH } from '@utsav/domain/constants';
import {
  type CancellationTerms,
  cancellationQuote,
  cancellationTerms,
  type EventStanding,
} from '@utsav/domain/event-change';
import { cancelReasonSchema } from '@utsav/domain/refund-schemas';
import { canCancelTicket, refundIsDue, refundQuote } from '@utsav/domain/refunds';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { ArrowLeft, TriangleAlert, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { formatCount, formatInstant, formatRupees } from '../../../ui/format';
import { toastTarget } from '../../../ui/toast';
import { useCancelTicket } from '../api/cancel-ticket';
import type { CancellableTicket } from '../types';
import { refundDialogLabels } from '../utils/format';
import { Breakdown, CannotCancel, PolicyLinks, Summary, TicketLine } from './cancel-dialog-parts';

// The cancel dialog (docs/product.md#cancellation): form, confirmation, refund-initiated summary; 'Cannot Cancel'
// when fewer than 10 days remain. The window and the refund are computed with the same domain functions
// the server uses, so what the guest is promised is what the server does.

export const CANCEL_MESSAGES = {
  failed: (reason: string) => i18n.t('refunds.cancel.failed', { reason }),
  notInitiated: () => i18n.t('refunds.cancel.notInitiated'),
} as const;

type Step = 'form' | 'confirm' | 'done';

/** The domain's cancellation rule, on a ticket as the API shows it. */
function cancellable(ticket: CancellableTicket): boolean {
  const { status, metadata, receivedByTransfer } = ticket;
  return canCancelTicket({ status, issuedByAdmin: metadata.issuedByAdmin, receivedByTransfer }).ok;
}

/**
 * Opened for one ticket. `eventDate` (YYYY-MM-DD, IST) and the event's `standing` (called off, or moved with its
 * full-refund period) decide the terms here as on the server; when the date is unknown the server decides and a
 * refusal switches the dialog to 'Cannot Cancel'.
 */
export function CancelTicketDialog({
  ticket,
  eventDate,
  standing = null,
  open,
  onClose,
  now = () => new Date(),
}: {
  ticket: CancellableTicket;
  eventDate: string | null;
  standing?: EventStanding | null;
  open: boolean;
  onClose: () => void;
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('form');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [finalAgreed, setFinalAgreed] = useState(false);
  // The refund created; null once done when the ticket was free (nothing to refund).
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: the terms are decided when the dialog opens.
  const terms = useMemo<CancellationTerms | null>(
    () =>
      eventDate
        ? cancellationTerms(eventDate, standing ?? { status: 'on-sale', freeRefundUntil: null }, now())
        : null,
    [eventDate, open],
  );
  // In the free-refund period after a postponement the whole price comes back (the server's same rule).
  const quote = terms ? cancellationQuote([ticket.price], terms) : refundQuote([ticket.price]);
  const full = terms?.open === true && terms.fullRefund;
  const free = !refundIsDue(quote);
  const parsedReason = cancelReasonSchema.safeParse(reason);
  const reasonError = parsedReason.success
    ? null
    : parsedReason.error.issues[0]?.code === 'too_big'
      ? t('refunds.cancel.reasonTooLong', { max: REASON_MAX_LENGTH })
      : t('refunds.cancel.reasonRequired');
  const closedMessage =
    serverClosed ??
    (terms && !terms.open
      ? terms.reason === 'called-off'
        ? t('refunds.cancel.calledOff')
        : t('refunds.cancel.closed', {
            days: CANCELLATION_MIN_DAYS,
            count: Math.max(0, terms.daysRemaining),
            formatted: formatCount(Math.max(0, terms.daysRemaining)),
          })
      : null);

  function close() {
    if (cancel.isPending) return;
    if (step === 'done') {
      // 'Done' closes and reloads the page (docs/product.md#cancellation), so every count on it is fresh.
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
          const closed = ['CANCELLATION_WINDOW_CLOSED', 'EVENT_CALLED_OFF'];
          if (error instanceof ApiError && closed.includes(error.code ?? '')) {
            setServerClosed(error.message);
            return;
          }
          if (error instanceof ApiError) {
            toast.error(CANCEL_MESSAGES.failed(error.message), toastTarget());
          } else {
            toast.error(CANCEL_MESSAGES.notInitiated(), toastTarget());
          }
          setStep('form');
        },
      },
    );
  }

  if (!cancellable(ticket) && step !== 'done') return null;

  if (closedMessage && step !== 'done') {
    return (
      <Dialog
        labels={refundDialogLabels()}
        open={open}
        onClose={close}
        title={t('refunds.cancel.cannotTitle')}
        description={<TicketLine ticket={ticket} />}
        footer={
          <Button variant="secondary" onClick={close}>
            {t('refunds.close')}
          </Button>
        }
      >
        <CannotCancel message={closedMessage} tooLate={standing?.status !== 'called-off'} />
      </Dialog>
    );
  }

  if (step === 'done' && !refund) {
    return (
      <Dialog
        labels={refundDialogLabels()}
        open={open}
        onClose={close}
        title={t('refunds.free.title')}
        description={<TicketLine ticket={ticket} />}
        footer={<Button onClick={close}>{t('refunds.summary.done')}</Button>}
      >
        <p className="text-cream" role="status">
          {t('refunds.free.body')}
        </p>
      </Dialog>
    );
  }

  if (step === 'done' && refund) {
    return (
      <Dialog
        labels={refundDialogLabels()}
        open={open}
        onClose={close}
        title={t('refunds.summary.title')}
        description={<TicketLine ticket={ticket} />}
        footer={<Button onClick={close}>{t('refunds.summary.done')}</Button>}
      >
        <Summary refund={refund} />
      </Dialog>
    );
  }

  if (step === 'confirm') {
    return (
      <Dialog
        labels={refundDialogLabels()}
        open={open}
        onClose={close}
        dismissible={!cancel.isPending}
        title={t('refunds.confirm.title')}
        description={<TicketLine ticket={ticket} />}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setStep('form')}
              disabled={cancel.isPending}
              icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            >
              {t('refunds.confirm.back')}
            </Button>
            <Button variant="danger" onClick={submit} loading={cancel.isPending}>
              {cancel.isPending ? t('refunds.confirm.cancelling') : t('refunds.confirm.yes')}
            </Button>
          </>
        }
      >
        <div className="grid gap-4">
          <div className="flex gap-3 rounded-xl border border-saffron-400/40 bg-saffron-400/10 p-4">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-saffron-300" />
            <p className="text-cream">
              <Trans
                i18nKey="refunds.confirm.warning"
                values={{ code: displayTicketCode(ticket.ticketId) }}
                components={{ code: <span className="font-mono" /> }}
              />
            </p>
          </div>
          <Breakdown {...quote} full={full} />
          <div className="text-sm">
            <p className="text-maroon-100">{t('refunds.confirm.yourReason')}</p>
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
      labels={refundDialogLabels()}
      open={open}
      onClose={close}
      title={t('refunds.cancel.title')}
      description={<TicketLine ticket={ticket} />}
      footer={
        <>
          <Button variant="secondary" onClick={close} icon={<X aria-hidden="true" className="size-4" />}>
            {t('refunds.cancel.keep')}
          </Button>
          <Button
            variant="danger"
            onClick={toConfirm}
            disabled={!finalAgreed}
            aria-describedby={missing ? missingId : undefined}
          >
            {t('refunds.cancel.continue')}
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
          <h3 className="text-sm font-semibold tracking-wide text-maroon-200 uppercase">
            {t('refunds.cancel.breakdown')}
          </h3>
          <div className="mt-2">
            <Breakdown {...quote} full={full} />
          </div>
          {full ? (
            <p className="mt-2 text-sm font-semibold text-gold-200">
              {t('refunds.cancel.fullRefund', { until: formatInstant(standing?.freeRefundUntil ?? null) })}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-maroon-100">
            {free
              ? t('refunds.free.nothing')
              : t('refunds.cancel.reaches', { days: POLICY.refundBusinessDays })}
          </p>
        </div>

        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={reasonId} className="font-semibold text-cream">
              {t('refunds.cancel.reasonLabel')}
            </label>
            <span
              id={counterId}
              className={`text-xs tabular-nums ${reason.length > REASON_MAX_LENGTH ? 'text-rose-200' : 'text-maroon-200'}`}
            >
              {formatCount(reason.length)}/{formatCount(REASON_MAX_LENGTH)}
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
            placeholder={t('refunds.cancel.reasonPlaceholder')}
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
            {free
              ? t('refunds.free.final')
              : full
                ? t('refunds.cancel.finalFull')
                : t('refunds.cancel.final', { fee: formatRupees(quote.processingFee) })}
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
  if (!reasonGiven && !finalTicked) return i18n.t('refunds.cancel.missingBoth');
  if (!reasonGiven) return i18n.t('refunds.cancel.missingReason');
  if (!finalTicked) return i18n.t('refunds.cancel.missingFinal');
  return null;
}

/**
 * The Cancel button of a ticket card: only on active tickets not issued by an admin (docs/product.md#cancellation). The page
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
  const { t } = useTranslation();
  if (!cancellable(ticket)) return null;
  return (
    <Button
      size="sm"
      variant="danger"
      className="px-2.5! sm:px-4!"
      onClick={() => onCancel(ticket)}
      icon={<X aria-hidden="true" className="size-4" />}
      aria-label={t('refunds.cancel.buttonLabel', { code: displayTicketCode(ticket.ticketId) })}
    >
      {t('refunds.cancel.button')}
    </Button>
  );
}
