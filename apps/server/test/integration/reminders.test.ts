import { afterEach, beforeAll, expect, it } from 'vitest';
import { sweepReminders } from '../../src/modules/reminders/service';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { buy, newEvent, outboxRows, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, parseMime, textOf } from '../unit/mail/mime';

// The event is on 2099-10-01 at 19:00 IST; REMINDER_HOUR_IST=10, so reminders start 2099-09-30 10:00 IST.
const BEFORE = new Date('2099-09-30T04:29:00.000Z');
const DUE = new Date('2099-09-30T04:30:00.000Z');
const STARTED = new Date('2099-10-01T13:30:00.000Z');
const ENV = {
  ...PURCHASE_ENV,
  REMINDER_HOUR_IST: '10',
  GATES_OPEN_MINUTES_BEFORE: '45',
  // The sweep's own timer never fires here; the tests sweep when they want to.
  REMINDER_SWEEP_SECONDS: '86400',
};

describeEachDatabase('day-before reminders', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });
  const realNow = () => new Date();
  let event: TestEvent;
  let asha: TestUser;
  let bina: TestUser;
  let chirag: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { venue: 'NSCI Dome, Worli', startTime: '19:00' });
    asha = await newUser(server, { name: 'Asha Patel' });
    bina = await newUser(server, { name: 'Bina Rao' });
    chirag = await newUser(server, { name: 'Chirag Mehta' });
    await buy(server, asha, event, 2);
    await buy(server, bina, event, 1);
    const [cancelled] = (await buy(server, chirag, event, 1)).tickets;
    const cancel = await server.request('PATCH', `/api/tickets/cancel/${cancelled.id}`, {
      token: chirag.token,
      body: { reason: 'Cannot come' },
    });
    expect(cancel.status, cancel.text).toBe(200);
  });

  afterEach(() => {
    server.ctx.now = realNow;
  });

  // Reminders only: the drain also sends the purchases' confirmation mails.
  const mailsTo = (user: TestUser) =>
    smtp.received.filter(
      (mail) =>
        mail.to.includes(user.email) &&
        (parseMime(mail.raw).headers.get('subject') ?? '').startsWith('Reminder:'),
    );

  it('nothing is queued before the configured hour of the day before', async () => {
    server.ctx.now = () => BEFORE;
    expect(await sweepReminders(server.ctx)).toBe(0);
    expect(await outboxRows(server, 'event-reminder')).toHaveLength(0);
  });

  it('from that hour each holder of an active ticket is queued once, however many instances sweep', async () => {
    server.ctx.now = () => DUE;
    // Three instances sweeping at the same moment: the outbox key lets one row per person in.
    const queued = await Promise.all([1, 2, 3].map(() => sweepReminders(server.ctx)));
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(2);
    // A restart sweeps again and finds everyone queued already.
    expect(await sweepReminders(server.ctx)).toBe(0);
    const rows = await outboxRows(server, 'event-reminder');
    expect(rows.map((row) => row.payload.userId).sort()).toEqual([asha.user.id, bina.user.id].sort());
  });

  it('the reminder mail has the PDF, wallet links, gate time and a map link, and goes out once', async () => {
    await server.app.outbox.drain(DUE);
    await server.app.outbox.drain(DUE);
    expect(mailsTo(asha)).toHaveLength(1);
    expect(mailsTo(bina)).toHaveLength(1);
    expect(mailsTo(chirag)).toHaveLength(0);

    const message = parseMime(mailsTo(asha)[0]!.raw);
    expect(attachments(message).map((file) => file.contentType.split(';')[0])).toEqual(['application/pdf']);
    const html = textOf(message, 'text/html') ?? '';
    expect(html).toContain('Gates open');
    expect(html).toContain('6:15 PM');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=NSCI%20Dome%2C%20Worli');
    expect(html.match(/>Add to Apple Wallet</g)).toHaveLength(2);
    expect(html.match(/>Save to Google Wallet</g)).toHaveLength(2);
  });

  it('a ticket bought later by someone already reminded does not remind them again', async () => {
    await buy(server, asha, event, 1);
    server.ctx.now = () => DUE;
    expect(await sweepReminders(server.ctx)).toBe(0);
  });

  it('a new holder before the start is reminded; none once the event has started', async () => {
    const late = await newUser(server);
    await buy(server, late, event, 1);
    const another = await newUser(server);
    await buy(server, another, event, 1);
    server.ctx.now = () => STARTED;
    expect(await sweepReminders(server.ctx)).toBe(0);
    server.ctx.now = () => new Date(STARTED.getTime() - 60_000);
    expect(await sweepReminders(server.ctx)).toBe(2);
  });
});
