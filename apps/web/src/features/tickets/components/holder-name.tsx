import type { Ticket } from '@utsav/domain/api/tickets';
import { TICKET_NAME_MAX_LENGTH } from '@utsav/domain/manual-issuance-schema';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { Pencil, UserRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { ticketHolderSchema, useNameTicketHolder } from '../api/name-ticket-holder';

/**
 * "For Anjali": who the ticket is for, on the card, with a way for the owner to change it while the ticket
 * is active. The same 100-character rule as manual issuance; blank gives back the owner's name.
 */
export function HolderName({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rename = useNameTicketHolder();
  const inputId = useId();
  const errorId = useId();
  const active = ticket.status === 'active';

  function start() {
    setText(ticket.holderName === ticket.user.name ? '' : ticket.holderName);
    setError(null);
    setEditing(true);
  }

  function save(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    const parsed = ticketHolderSchema.safeParse({ holderName: text });
    if (!parsed.success) {
      // A name breaks one of two rules here (blank is allowed): too long, or nothing in it shows.
      setError(
        parsed.error.issues[0]?.code === 'too_big'
          ? t('tickets.holder.tooLong', { max: TICKET_NAME_MAX_LENGTH })
          : t('tickets.holder.invisible'),
      );
      return;
    }
    rename.mutate(
      { ticketId: ticket.id, holderName: parsed.data.holderName },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.details?.[0]
              ? failure.details[0].message
              : errorMessage(failure),
          ),
      },
    );
  }

  if (editing) {
    return (
      <form onSubmit={save} noValidate className="grid gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-cream">
          {t('tickets.holder.question')}
        </label>
        <input
          id={inputId}
          value={text}
          onChange={(changeEvent) => setText(changeEvent.target.value)}
          maxLength={TICKET_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder={ticket.user.name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 w-full min-w-0 rounded-xl border border-gold-400/40 bg-maroon-950/70 px-3 text-cream placeholder:text-maroon-300 focus:border-gold-300"
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-rose-200">
            {error}
          </p>
        ) : (
          <p className="text-xs text-maroon-200">{t('tickets.holder.hint')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={rename.isPending}>
            {t('tickets.holder.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={rename.isPending}>
            {t('tickets.holder.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="flex min-w-0 items-center gap-1.5 text-cream">
        <UserRound aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
        <span className="min-w-0 break-words">
          {t('tickets.holder.for', { name: ticket.holderName || ticket.user.name })}
        </span>
      </p>
      {active ? (
        <button
          type="button"
          onClick={start}
          className="inline-flex min-h-6 items-center gap-1 rounded font-semibold text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline"
          aria-label={t('tickets.holder.changeLabel', { code: displayTicketCode(ticket.ticketId) })}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
          {t('tickets.holder.change')}
        </button>
      ) : null}
    </div>
  );
}
