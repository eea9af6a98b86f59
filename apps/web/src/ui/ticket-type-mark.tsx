import type { TicketTypeMark as Mark } from '@utsav/domain/api/tickets';
import { useTranslation } from 'react-i18next';

/**
 * A ticket's type as every view of a ticket shows it: a mark in the type's colour (the colour the gate
 * shows), its name, and "admits 2" when one ticket lets in more than one person. The colour is only a help:
 * the name and the count are the text a screen reader hears.
 */
export function TicketTypeMark({ type, large = false }: { type: Mark; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex max-w-full items-center gap-2 font-semibold break-words ${large ? 'text-2xl' : ''}`}
      data-testid="ticket-type"
    >
      <span
        aria-hidden="true"
        className={`shrink-0 rounded-full border border-cream/40 ${large ? 'size-5' : 'size-3'}`}
        style={{ background: type.colour }}
      />
      <span className="min-w-0">
        {type.name}
        {type.admits > 1 ? ` · ${t('tickets.type.admits', { count: type.admits })}` : null}
      </span>
    </span>
  );
}
