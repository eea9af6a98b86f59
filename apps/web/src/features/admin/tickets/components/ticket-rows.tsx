import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatRupees } from '../../../../ui/format';
import { TicketTypeMark } from '../../../../ui/ticket-type-mark';
import type { AdminTicket } from '../api/get-tickets';
import {
  codeOf,
  DeleteTicketButton,
  DetailsButton,
  StatusBadge,
  StatusSelect,
  TicketDetails,
  type TicketRowActions,
} from './ticket-parts';

// One ticket of the management list, as a table row (desktop) and as a card (phone), and the table's columns.

const detailsIdOf = (ticket: AdminTicket, where: string) => `ticket-details-${where}-${ticket.id}`;

function SelectBox({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      className="size-4 shrink-0 accent-saffron-400"
      checked={actions.selected}
      onChange={actions.onToggle}
      aria-label={t('admin-tickets.row.select', { code: codeOf(ticket) })}
    />
  );
}

export function TicketRow({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const detailsId = detailsIdOf(ticket, 'table');
  return (
    <Fragment>
      <tr className="border-t border-gold-400/15 align-middle">
        <td className="px-2 py-3">
          <SelectBox ticket={ticket} actions={actions} />
        </td>
        <th scope="row" className="px-2 py-3 font-mono font-semibold whitespace-nowrap text-gold-200">
          {codeOf(ticket)}
        </th>
        <td className="min-w-36 max-w-48 px-2 py-3">
          {ticket.ticketType ? <TicketTypeMark type={ticket.ticketType} /> : '—'}
        </td>
        <td className="max-w-56 px-2 py-3">
          <p className="truncate font-semibold text-cream">{ticket.user.name}</p>
          <p className="truncate text-maroon-100">{ticket.user.email}</p>
        </td>
        <td className="max-w-40 truncate px-2 py-3 text-maroon-50">{ticket.eventName}</td>
        <td className="px-2 py-3 whitespace-nowrap text-cream tabular-nums">{formatRupees(ticket.price)}</td>
        <td className="px-2 py-3">
          <StatusBadge status={ticket.status} />
        </td>
        <td className="px-2 py-3 whitespace-nowrap text-maroon-100">{formatDay(ticket.createdAt)}</td>
        <td className="px-2 py-3">
          <StatusSelect ticket={ticket} actions={actions} />
        </td>
        <td className="px-2 py-3">
          <div className="flex items-center gap-1">
            <DetailsButton ticket={ticket} actions={actions} detailsId={detailsId} />
            <DeleteTicketButton ticket={ticket} actions={actions} />
          </div>
        </td>
      </tr>
      {actions.expanded ? (
        <tr>
          <td colSpan={10} className="px-3 pb-4">
            <TicketDetails ticket={ticket} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

export function TicketCard({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const detailsId = detailsIdOf(ticket, 'card');
  return (
    <li className="card p-4">
      <div className="flex items-start gap-3">
        <div className="mt-1.5 flex">
          <SelectBox ticket={ticket} actions={actions} />
        </div>
        <div className="min-w-0 flex-1">
          {/* Wraps: at 200% text on a phone the code and a long status ("Transferred") do not fit on one line. */}
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <p className="min-w-0 font-mono font-semibold [overflow-wrap:anywhere] text-gold-200">
              {codeOf(ticket)}
            </p>
            <StatusBadge status={ticket.status} />
          </div>
          {ticket.ticketType ? (
            <p className="mt-1 text-sm">
              <TicketTypeMark type={ticket.ticketType} />
            </p>
          ) : null}
          <p className="mt-1 truncate font-semibold text-cream">{ticket.user.name}</p>
          <p className="truncate text-sm text-maroon-100">{ticket.user.email}</p>
          <p className="mt-1 text-sm text-maroon-50">
            {ticket.eventName} · {formatRupees(ticket.price)} · {formatDay(ticket.createdAt)}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusSelect ticket={ticket} actions={actions} />
            <DetailsButton ticket={ticket} actions={actions} detailsId={detailsId} />
            <DeleteTicketButton ticket={ticket} actions={actions} />
          </div>
        </div>
      </div>
      {/* The card's whole width, not the column beside the tick box: at 200% text on a phone that column is narrow. */}
      {actions.expanded ? (
        <div className="mt-3">
          <TicketDetails ticket={ticket} id={detailsId} />
        </div>
      ) : null}
    </li>
  );
}

export const COLUMN_KEYS = [
  'admin-tickets.columns.ticketId',
  'admin-tickets.columns.type',
  'admin-tickets.columns.user',
  'admin-tickets.columns.event',
  'admin-tickets.columns.price',
  'admin-tickets.columns.status',
  'admin-tickets.columns.created',
  'admin-tickets.columns.changeStatus',
] as const;
