import { gatesOpenTime, venueMapUrl } from '@utsav/domain/reminders';
import type { AppContext } from '../../platform/context';
import { renderTicketsPdf } from '../../platform/documents/render';
import { eventReminderEmail } from '../../platform/mail/templates/event-reminder';
import type { Mailer } from '../../platform/mail/transport';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findTicketsOfUser } from '../../stores/tickets';
import { eventDetailsOf, ownerOf, ticketDocumentOf } from '../tickets/ticket-documents';
import { walletLinksFor } from '../tickets/wallet-service';

export function reminderMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'event-reminder': async (payload, { id }) => {
      const eventId = stringField(payload, 'eventId');
      const eventDate = stringField(payload, 'eventDate');
      const userId = stringField(payload, 'userId');
      // Read at send time: tickets cancelled or transferred since the sweep are not sent again.
      const tickets = (await findTicketsOfUser(ctx.db, userId)).filter(
        (ticket) => ticket.event_id === eventId && ticket.status === 'active',
      );
      const first = tickets[0];
      // Nothing left to remind of, or the event moved (the new date has its own key): send nothing.
      if (!first || first.event_date !== eventDate) return;
      const event = eventDetailsOf(first);
      const to = ownerOf(first);
      const documents = tickets.map(ticketDocumentOf);
      const organiser = await ctx.organiser();
      const pdf = await renderTicketsPdf({
        event,
        holderName: first.owner_name,
        tickets: documents,
        orderRef: first.ticket_code,
        language: to.language,
        organiser,
      });
      const message = eventReminderEmail({
        to,
        event,
        tickets: documents,
        gatesOpen: gatesOpenTime(first.event_start_time, ctx.config.reminders.gatesOpenMinutesBefore),
        mapUrl: venueMapUrl(first.event_venue),
        ticketsUrl: `${ctx.config.publicUrl}/dashboard`,
        pdf,
        wallet: await walletLinksFor(ctx, tickets),
        reference: `Reminder-${first.ticket_code}`,
        organiser,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id.replace(/[^\w.-]/g, '-')}@utsav>` });
    },
  };
}
