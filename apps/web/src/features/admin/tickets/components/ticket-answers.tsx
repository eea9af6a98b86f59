import { useTranslation } from 'react-i18next';
import { useTicketAnswers } from '../api/get-ticket-answers';

/**
 * A ticket's answers at checkout in Ticket Management's detail: its order's and its own. They are always the
 * buyer's: a transfer leaves them with the buyer's order and its recipient is never asked, so a transferred ticket
 * names who holds it now and says the answers are not theirs.
 */
export function TicketAnswers({ ticketId, transferredTo }: { ticketId: string; transferredTo?: string }) {
  const { t } = useTranslation();
  const answers = useTicketAnswers(ticketId);
  return (
    <section aria-label={t('checkout-questions.ticket.title')} data-testid="ticket-answers">
      <h4 className="break-words font-semibold text-gold-200">{t('checkout-questions.ticket.title')}</h4>
      {answers.isPending ? (
        <p className="text-maroon-100">{t('checkout-questions.ticket.loading')}</p>
      ) : answers.isError ? (
        <p className="text-rose-200">{t('checkout-questions.ticket.failed')}</p>
      ) : answers.data.length === 0 ? (
        <p className="text-maroon-100">{t('checkout-questions.ticket.none')}</p>
      ) : (
        <>
          <p className="text-maroon-100" data-testid="answers-whose">
            {transferredTo === undefined
              ? t('checkout-questions.ticket.byBuyer')
              : t('checkout-questions.ticket.byBuyerTransferred', { name: transferredTo })}
          </p>
          {/* One minmax(0, 1fr) column on a phone: a long answer wraps in it instead of widening the section. */}
          <dl className="mt-1 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            {answers.data.map((answer) => (
              <div key={answer.questionId} className="min-w-0">
                <dt className="break-words text-maroon-200">{answer.label}</dt>
                <dd className="break-words text-cream">
                  {answer.kind === 'phone' ? (
                    <a
                      className="underline underline-offset-2"
                      href={`tel:${answer.value.replace(/\s/g, '')}`}
                    >
                      {answer.value}
                    </a>
                  ) : (
                    answer.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** A ticket received by transfer has no answers of its own: they stay on the buyer's order, under the buyer's ticket. */
export function ReceivedTicketAnswers() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('checkout-questions.ticket.title')} data-testid="ticket-answers">
      <h4 className="break-words font-semibold text-gold-200">{t('checkout-questions.ticket.title')}</h4>
      <p className="text-maroon-100" data-testid="answers-whose">
        {t('checkout-questions.ticket.receivedByTransfer')}
      </p>
    </section>
  );
}
