import { type StatusChangeMoneyNote, statusChangeMoneyNote } from '@utsav/domain/ticket-status-change';
import { Banknote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../../ui/format';
import type { AdminTicket, TicketStatus } from '../api/get-tickets';
import { pastOf } from './ticket-parts';

// What a status change does to money, said before it is confirmed, by the rule the server audits with
// (@utsav/domain/ticket-status-change statusChangeMoneyNote). Every note's amount is the ticket's price: what
// stays paid, or what comes off or back on the revenue.

/** Catalog keys of the notes (written out whole: the catalog test looks for each). */
const NOTE_KEYS: Record<StatusChangeMoneyNote, string> = {
  keepsPayment: 'admin-tickets.money.keepsPayment',
  removesRevenue: 'admin-tickets.money.removesRevenue',
  addsRevenue: 'admin-tickets.money.addsRevenue',
  alreadyCounted: 'admin-tickets.money.alreadyCounted',
  noMoney: 'admin-tickets.money.noMoney',
};

const BULK_NOTE_KEYS: Record<StatusChangeMoneyNote, string> = {
  keepsPayment: 'admin-tickets.money.bulk.keepsPayment',
  removesRevenue: 'admin-tickets.money.bulk.removesRevenue',
  addsRevenue: 'admin-tickets.money.bulk.addsRevenue',
  alreadyCounted: 'admin-tickets.money.bulk.alreadyCounted',
  noMoney: 'admin-tickets.money.bulk.noMoney',
};

type Priced = Pick<AdminTicket, 'price' | 'metadata' | 'paymentReceived'>;

const moneyOf = (ticket: Priced) => ({
  pricePaise: Math.round(ticket.price * 100),
  issuedByAdmin: ticket.metadata.issuedByAdmin,
  paymentReceived: ticket.paymentReceived,
});

const rupees = (paise: number) => formatRupees(Math.abs(paise) / 100);

function Note({ children }: { children: string }) {
  return (
    <p
      data-testid="money-note"
      className="flex items-start gap-2 rounded-lg bg-maroon-950/70 px-3 py-2 text-sm font-semibold text-gold-100"
    >
      <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** One ticket's change: what it does to the revenue and to the guest's payment. */
export function MoneyNote({ ticket, from, to }: { ticket: Priced; from: TicketStatus; to: TicketStatus }) {
  const { t } = useTranslation();
  const money = moneyOf(ticket);
  const note = statusChangeMoneyNote(money, from, to);
  return <Note>{t(NOTE_KEYS[note], { amount: rupees(money.pricePaise) })}</Note>;
}

/**
 * The tickets of a bulk change that would move, grouped by what each does to money: one line per kind, with
 * how many tickets and the sum of their prices.
 */
export function BulkMoneyNotes({ tickets, to }: { tickets: readonly AdminTicket[]; to: TicketStatus }) {
  const { t } = useTranslation();
  const groups = new Map<StatusChangeMoneyNote, { count: number; paise: number }>();
  for (const ticket of tickets) {
    const from = pastOf(ticket).status;
    if (from === to) continue;
    const money = moneyOf(ticket);
    const note = statusChangeMoneyNote(money, from, to);
    const group = groups.get(note) ?? { count: 0, paise: 0 };
    group.count += 1;
    group.paise += money.pricePaise;
    groups.set(note, group);
  }
  if (groups.size === 0) return null;
  return (
    <div className="grid gap-2">
      {[...groups].map(([note, { count, paise }]) => (
        <Note key={note}>{t(BULK_NOTE_KEYS[note], { count, amount: rupees(paise) })}</Note>
      ))}
    </div>
  );
}
