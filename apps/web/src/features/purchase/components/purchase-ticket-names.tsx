import { TICKET_NAME_MAX_LENGTH } from '@utsav/domain/manual-issuance-schema';
import { UserRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT_CLASSES } from '../../../ui/form-field';

/**
 * Who each ticket is for, optionally, before paying: one field per ticket, folded away so the
 * guest who buys for themselves is not slowed down. A blank field prints the buyer's name; the length rule is
 * manual issuance's (the server checks it again), and names can still be changed later on My Tickets.
 */
export function TicketNames({
  quantity,
  names,
  onNamesChange,
  buyerName,
}: {
  quantity: number;
  names: readonly string[];
  onNamesChange: (names: string[]) => void;
  buyerName: string;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const named = names.slice(0, quantity).filter((name) => name.trim() !== '').length;

  function change(index: number, value: string) {
    const next = Array.from({ length: Math.max(names.length, index + 1) }, (_, at) => names[at] ?? '');
    next[index] = value;
    onNamesChange(next);
  }

  return (
    <details
      className="group rounded-xl border border-gold-400/30 bg-maroon-950/40 px-4 py-2 text-sm"
      data-testid="ticket-names"
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-cream">
        <UserRound aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
        <span className="min-w-0 flex-1">
          {t('purchase.names.question')}{' '}
          <span className="font-normal text-maroon-200">{t('purchase.names.optional')}</span>
        </span>
        {named > 0 ? (
          <span className="shrink-0 text-xs text-gold-200">
            {t('purchase.names.named', { count: named })}
          </span>
        ) : null}
      </summary>
      <p className="mt-1 text-xs text-maroon-100">{t('purchase.names.hint')}</p>
      <ol className="mt-3 grid gap-3 pb-2">
        {Array.from({ length: quantity }, (_, index) => (
          // Fields are the tickets' places in the order: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="grid gap-1">
            <label htmlFor={`${baseId}-${index}`} className="font-semibold text-maroon-50">
              {t('purchase.names.ticket', { number: index + 1 })}
            </label>
            <input
              id={`${baseId}-${index}`}
              value={names[index] ?? ''}
              onChange={(changeEvent) => change(index, changeEvent.target.value)}
              maxLength={TICKET_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder={buyerName}
              className={INPUT_CLASSES}
            />
          </li>
        ))}
      </ol>
    </details>
  );
}
