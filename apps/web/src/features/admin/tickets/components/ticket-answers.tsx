import { useTranslation } from 'react-i18next';
import { useTicketAnswers } from '../api/get-ticket-answers';

/** A ticket's answers at checkout in Ticket Management's detail: its order's and its own. */
export function TicketAnswers({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const answers = useTicketAnswers(ticketId);
  return (
    <section aria-label={t('checkout-questions.ticket.title')} data-testid="ticket-answers">
      <h4 className="font-semibold text-gold-200">{t('checkout-questions.ticket.title')}</h4>
      {answers.isPending ? (
        <p className="text-maroon-100">{t('checkout-questions.ticket.loading')}</p>
      ) : answers.isError ? (
        <p className="text-rose-200">{t('checkout-questions.ticket.failed')}</p>
      ) : answers.data.length === 0 ? (
        <p className="text-maroon-100">{t('checkout-questions.ticket.none')}</p>
      ) : (
        <dl className="mt-1 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {answers.data.map((answer) => (
            <div key={answer.questionId} className="min-w-0">
              <dt className="break-words text-maroon-200">{answer.label}</dt>
              <dd className="break-words text-cream">
                {answer.kind === 'phone' ? (
                  <a className="underline underline-offset-2" href={`tel:${answer.value.replace(/\s/g, '')}`}>
                    {answer.value}
                  </a>
                ) : (
                  answer.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
