import type { Refund } from '@utsav/domain/api/refunds';
import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PLATFORM,
  CANCELLATION_MIN_DAYS,
  POLICY,
} from '@utsav/domain/constants';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { CalendarX2, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSupportEmail } from '../../../lib/current-event';
import { formatRupees } from '../../../ui/format';
import type { CancellableTicket } from '../types';
import { refundStatusSentence } from '../utils/format';

// The pieces the cancel dialog's steps share: the refund breakdown, the ticket line, the closed-window notice,
// the refund-initiated summary and the policy links.

export const LINK = 'font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300';

export function PolicyLinks() {
  return (
    <p className="text-sm text-maroon-100">
      <Trans
        i18nKey="refunds.cancel.policyLinks"
        components={{
          // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the translated text.
          refund: <a href="/refund-policy" target="_blank" rel="noopener noreferrer" className={LINK} />,
          cancellation: (
            // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the translated text.
            <a href="/cancellation-policy" target="_blank" rel="noopener noreferrer" className={LINK} />
          ),
        }}
      />
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

export function Breakdown({
  originalAmount,
  processingFee,
  refundAmount,
  full = false,
}: {
  originalAmount: number;
  processingFee: number;
  refundAmount: number;
  /** A full refund (the free-refund period after a postponement): no deduction, and none to explain. */
  full?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-2 rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
      <Row label={t('refunds.breakdown.original')}>{formatRupees(originalAmount)}</Row>
      <Row
        label={
          <>
            {t('refunds.breakdown.deduction')}
            <span className="block text-xs">
              {full
                ? t('refunds.breakdown.noDeduction')
                : t('refunds.breakdown.deductionParts', {
                    gateway: formatRupees(CANCELLATION_DEDUCTION_GATEWAY),
                    platform: formatRupees(CANCELLATION_DEDUCTION_PLATFORM),
                  })}
            </span>
          </>
        }
      >
        {`−\u00a0${formatRupees(processingFee)}`}
      </Row>
      <div className="border-t border-gold-400/20 pt-2">
        <Row label={t('refunds.breakdown.refund')} strong>
          {formatRupees(refundAmount)}
        </Row>
      </div>
    </dl>
  );
}

export function TicketLine({ ticket }: { ticket: CancellableTicket }) {
  return (
    <p className="text-sm text-maroon-100">
      <span className="font-semibold text-cream">{ticket.eventName}</span> ·{' '}
      {/* Free to wrap: with the full code, at 200% text the line is wider than a phone. */}
      <span>
        <Trans
          i18nKey="refunds.cancel.ticketLine"
          values={{ code: displayTicketCode(ticket.ticketId) }}
          components={{ code: <span className="font-mono text-gold-200" /> }}
        />{' '}
        · {formatRupees(ticket.price)}
      </span>
    </p>
  );
}

/** `tooLate`: the 10-day rule refused (its note follows); otherwise the night was called off, and none applies. */
export function CannotCancel({ message, tooLate = true }: { message: string; tooLate?: boolean }) {
  const email = useSupportEmail();
  return (
    <div className="grid gap-4">
      <div role="alert" className="flex gap-3 rounded-xl border border-rose-200/40 bg-rose-200/10 p-4">
        <CalendarX2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-rose-200" />
        <p className="text-cream">{message}</p>
      </div>
      {email && tooLate ? (
        <p className="text-sm text-maroon-100">
          <Trans
            i18nKey="refunds.cancel.closedNote"
            values={{ days: CANCELLATION_MIN_DAYS, email }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address.
              mail: <a className={LINK} href={`mailto:${email}`} />,
            }}
          />
        </p>
      ) : null}
      <PolicyLinks />
    </div>
  );
}

export function Summary({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div role="status" className="flex gap-3 rounded-xl border border-emerald-200/40 bg-emerald-200/10 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-200" />
        <p className="text-cream">
          <Trans
            i18nKey="refunds.summary.initiated"
            values={{ amount: formatRupees(refund.refundAmount) }}
            components={{ strong: <strong className="text-gold-200" /> }}
          />
        </p>
      </div>
      <Breakdown
        originalAmount={refund.originalAmount}
        processingFee={refund.processingFee}
        refundAmount={refund.refundAmount}
      />
      <dl className="grid gap-2 text-sm">
        <Row label={t('refunds.summary.reference')}>
          <span className="font-mono">{refund.refundId}</span>
        </Row>
        <Row label={t('refunds.summary.status')} nowrap={false}>
          {refundStatusSentence(refund.status)}
        </Row>
        <Row label={t('refunds.summary.expected')}>
          {t('refunds.summary.businessDays', { days: POLICY.refundBusinessDays })}
        </Row>
      </dl>
      <p className="text-sm text-maroon-100">{t('refunds.summary.emailed')}</p>
    </div>
  );
}
