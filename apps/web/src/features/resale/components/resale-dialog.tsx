import type { ResaleTerms } from '@utsav/domain/api/resale';
import type { Ticket } from '@utsav/domain/api/tickets';
import type { ResaleRefusalReason } from '@utsav/domain/resale';
import { Repeat, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { formatInstant, formatRupees } from '../../../ui/format';
import { useResaleChange } from '../api/my-resales';
import { sellerMoney, ticketResaleRefusal } from './resale-facts';

/** Why a ticket cannot be listed, in the current language (keys written out whole for the catalog test). */
function refusalText(reason: ResaleRefusalReason): string {
  switch (reason) {
    case 'used':
      return i18n.t('resale.refusal.used');
    case 'cancelled':
      return i18n.t('resale.refusal.cancelled');
    case 'adminIssued':
      return i18n.t('resale.refusal.adminIssued');
    case 'listed':
      return i18n.t('resale.refusal.listed');
    case 'justReceived':
      return i18n.t('resale.refusal.justReceived');
  }
}

/**
 * What listing means, before anyone lists: the ticket stays valid until it sells, what comes back (the domain's
 * refund rule with the organiser's fee), the withdraw, the cut-off; and for a ticket received by transfer, where
 * the refund goes. A ticket that may not be listed now says why instead.
 */
export function ResaleDialog({
  ticket,
  terms,
  onClose,
}: {
  ticket: Ticket;
  terms: ResaleTerms;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useResaleChange('list');
  const [problem, setProblem] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const refusal = ticketResaleRefusal(ticket, now);
  const money = sellerMoney(ticket, terms.fee);
  const blocked = refusal
    ? refusalText(refusal)
    : terms.open
      ? null
      : terms.closesAt
        ? t('resale.refusal.closedAt', {
            hours: terms.closeHoursBefore,
            closesAt: formatInstant(terms.closesAt),
          })
        : t('resale.refusal.closed', { hours: terms.closeHoursBefore });

  async function handleList() {
    setProblem(null);
    try {
      await list.mutateAsync(ticket.id);
      toast.success(t('resale.listedToast'));
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Dialog
      labels={{
        close: t('resale.dialog.close'),
        notifications: t('resale.dialog.notifications'),
        closeToast: t('resale.dialog.closeToast'),
      }}
      open
      onClose={onClose}
      dismissible={!list.isPending}
      title={t('resale.dialog.title')}
      description={t('resale.dialog.description', { ticketId: ticket.ticketId, eventName: ticket.eventName })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={list.isPending}>
            {t('resale.dialog.keep')}
          </Button>
          {blocked ? null : (
            <Button
              onClick={() => void handleList()}
              loading={list.isPending}
              icon={<Repeat aria-hidden="true" className="size-4" />}
            >
              {t('resale.dialog.list')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ul className="list-disc space-y-1.5 rounded-xl border border-gold-400/30 bg-maroon-950/60 py-3 pr-3 pl-7 text-sm text-maroon-50">
          <li>{t('resale.rules.stillValid')}</li>
          <li data-testid="resale-refund">
            <Trans
              i18nKey="resale.rules.refund"
              values={{
                refund: formatRupees(money.refund),
                paid: formatRupees(money.paid),
                fee: formatRupees(money.fee),
              }}
              components={{ strong: <strong className="text-gold-200" /> }}
            />
          </li>
          <li>{t('resale.rules.withdraw')}</li>
          <li>
            {t('resale.rules.cutoff', {
              hours: terms.closeHoursBefore,
              closesAt: formatInstant(terms.closesAt),
            })}
          </li>
        </ul>
        {ticket.receivedByTransfer ? (
          <p className="flex gap-2 rounded-xl bg-amber-200 p-3 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            <span>{t('resale.rules.receivedByTransfer')}</span>
          </p>
        ) : null}
        {blocked ? (
          <p role="alert" className="rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
            {blocked}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="rounded-xl bg-rose-200 p-3 text-sm text-rose-950">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
