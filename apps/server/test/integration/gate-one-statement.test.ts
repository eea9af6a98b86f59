import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toTicketJson } from '../../src/modules/tickets/presenter';
import { eventSigner } from '../../src/modules/tickets/ticket-signing';
import { findTicketView, type TicketView } from '../../src/stores/tickets';
import { ticketRow } from '../../support/admin-fixtures';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The gate's common case in one step (checkin/gate-on-postgres.ts, gate-on-sqlite.ts): verify-qr and mark-used of
// a stored token answer exactly what the general ticket view answers, in every state a ticket can be in, log
// every look and admission as before, and refuse a code that names a real ticket but is not its token. On
// PostgreSQL each is one statement.

// The statement count below sees every statement this process sends, so the background polls are set far apart
// (the outbox polls every 2 s by default: one poll once landed inside a count on a busy machine). The refund and
// transfer polls run a minute after start at the earliest, beyond these few seconds.
const NO_BACKGROUND_POLLS = {
  ...PURCHASE_ENV,
  REMINDER_SWEEP_SECONDS: '86400',
  WAITLIST_DUE_CHECK_MS: '86400000',
};

describeEachDatabase('the gate in one step', (engine) => {
  const server = useServer(engine, { env: NO_BACKGROUND_POLLS });
  let event: TestEvent;
  let buyer: TestUser;
  let gate: TestUser;
  let admin: TestUser;
  let sign: (ticketId: string) => string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500 });
    const row = await server.ctx.db
      .selectFrom('events')
      .select('qr_private_key')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    sign = eventSigner(event.id, row.qr_private_key!).sign;
    buyer = await newUser(server, { name: 'Meera Joshi' });
    gate = await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' });
    admin = await newUser(server, { role: 'admin', name: 'Anil Admin' });
  });

  const db = () => server.ctx.db;
  const paidTicket = async () =>
    (await issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity: 1 }))[0]!;
  const scan = (action: 'verify-qr' | 'mark-used', qrCode: string) =>
    server.request('POST', `/api/tickets/${action}`, {
      token: gate.token,
      body: { qrCode, deviceId: 'phone-3', gate: 'West' },
    });
  const generalView = async (id: string) => toTicketJson((await findTicketView(db(), id))!);
  const scansOf = (ticketId: string) =>
    db()
      .selectFrom('checkin_scans')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .orderBy('created_at')
      .execute();
  const setTicket = (id: string, values: Partial<TicketView>) =>
    db().updateTable('tickets').set(values).where('id', '=', id).execute();

  /** Tickets in each state a gate can meet, each with what its look is logged as. */
  async function ticketsInEveryState(): Promise<
    Array<{ label: string; ticket: TicketView; result: string }>
  > {
    const active = await paidTicket();
    // Stored QR image (the join on ticket_qr_images), microseconds in a timestamp (PostgreSQL keeps them).
    await db()
      .insertInto('ticket_qr_images')
      .values({
        token: active.qr_token,
        image: 'data:image/png;base64,c3RvcmVk',
        created_at: active.created_at,
      })
      .execute();
    await setTicket(active.id, { updated_at: '2026-11-20T08:15:30.123456Z' });

    const inside = await paidTicket();
    expect((await scan('mark-used', inside.qr_token)).status).toBe(200);

    const outside = await paidTicket();
    expect((await scan('mark-used', outside.qr_token)).status).toBe(200);
    await setTicket(outside.id, { exited_at: '2026-11-24T21:05:00.000Z' });

    const cancelled = await paidTicket();
    await setTicket(cancelled.id, {
      status: 'cancelled',
      cancelled_at: '2026-11-23T10:00:00.500Z',
      cancellation_reason: 'Refund requested',
    });

    const transferred = await paidTicket();
    await setTicket(transferred.id, { status: 'cancelled', transferred_at: '2026-11-22T09:30:00.007Z' });
    await db()
      .insertInto('ticket_transfers')
      .values({
        id: randomUUID(),
        ticket_id: transferred.id,
        from_user_id: buyer.user.id,
        recipient_email: 'kiran@example.com',
        recipient_name: 'Kiran Desai',
        recipient_user_id: null,
        new_ticket_id: null,
        fee_paise: 2000,
        razorpay_order_id: null,
        razorpay_payment_id: null,
        razorpay_refund_id: null,
        status: 'completed',
        failure_reason: null,
        created_at: '2026-11-22T09:29:00.000Z',
        updated_at: '2026-11-22T09:30:00.007Z',
        completed_at: '2026-11-22T09:30:00.007Z',
      })
      .execute();

    // Issued by an admin, with notes, no order; a guest name in another script.
    const issued = ticketRow(
      { eventId: event.id, userId: buyer.user.id },
      {
        holder_name: 'મીરા જોશી',
        issued_by_admin: 1,
        issued_by_user_id: admin.user.id,
        notes: 'Sponsor "A"\n',
      },
    );
    await db()
      .insertInto('tickets')
      .values({ ...issued, qr_token: sign(issued.id) })
      .execute();

    const read = async (ticket: TicketView) => (await findTicketView(db(), ticket.id))!;
    return [
      { label: 'active, stored image', ticket: await read(active), result: 'verified' },
      { label: 'inside', ticket: await read(inside), result: 'already_used' },
      { label: 'out on a pass', ticket: await read(outside), result: 'verified' },
      { label: 'cancelled', ticket: await read(cancelled), result: 'cancelled' },
      { label: 'transferred', ticket: await read(transferred), result: 'transferred' },
      { label: 'issued by an admin', ticket: (await findTicketView(db(), issued.id))!, result: 'verified' },
    ];
  }

  it('verify-qr answers what the general ticket view answers, in every state, and logs the look as before', async () => {
    for (const { label, ticket, result } of await ticketsInEveryState()) {
      const expected = await generalView(ticket.id);
      for (const attempt of ['first look', 'code seen before']) {
        const response = await scan('verify-qr', ticket.qr_token);
        expect(response.status, `${label}, ${attempt}: ${response.text}`).toBe(200);
        expect(response.body.ticket, `${label}, ${attempt}`).toEqual(expected);
      }
      const looks = (await scansOf(ticket.id)).filter((s) => s.action === 'verify');
      expect(
        looks.map((s) => s.result),
        label,
      ).toEqual([result, result]);
      for (const look of looks) {
        expect(look).toMatchObject({
          checker_user_id: gate.user.id,
          device_id: 'phone-3',
          gate: 'West',
          direction: 'in',
          method: 'scan',
          local_id: null,
        });
      }
    }
  });

  it('mark-used answers the ticket as the general view then reads it, with the admission logged at its time', async () => {
    const [verifiedFirst, neverVerified] = [await paidTicket(), await paidTicket()];
    expect((await scan('verify-qr', verifiedFirst.qr_token)).status).toBe(200);
    for (const ticket of [verifiedFirst, neverVerified]) {
      const response = await scan('mark-used', ticket.qr_token);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Entry Allowed',
        ticket: await generalView(ticket.id),
      });
      expect(response.body.ticket).toMatchObject({ status: 'used', scannedBy: { name: 'Gita at Gate A' } });
      const admissions = (await scansOf(ticket.id)).filter((s) => s.action === 'mark');
      expect(admissions).toHaveLength(1);
      expect(admissions[0]).toMatchObject({
        result: 'admitted',
        device_id: 'phone-3',
        gate: 'West',
        method: 'scan',
      });
      expect(new Date(admissions[0]!.scanned_at).toISOString()).toBe(response.body.ticket.usedAt);

      const again = await scan('mark-used', ticket.qr_token);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'ALREADY_USED', usedAt: response.body.ticket.usedAt });
      expect((await scansOf(ticket.id)).filter((s) => s.action === 'mark').map((s) => s.result)).toEqual([
        'admitted',
        'already_used',
      ]);
    }
  });

  it('a code with a real ticket in it but not its token (signature changed) is INVALID_QR, logged, and admits nothing', async () => {
    const ticket = await paidTicket();
    const cut = ticket.qr_token.lastIndexOf('.');
    const signature = ticket.qr_token.slice(cut + 1);
    const changed = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = `${ticket.qr_token.slice(0, cut + 1)}${changed}`;
    for (const action of ['verify-qr', 'mark-used'] as const) {
      const response = await scan(action, forged);
      expect(response.status, action).toBe(404);
      expect(response.body.code, action).toBe('INVALID_QR');
    }
    expect((await findTicketView(db(), ticket.id))!.status).toBe('active');
    expect(await scansOf(ticket.id)).toEqual([]);
    const invalid = await db()
      .selectFrom('checkin_scans')
      .select(['action', 'ticket_id'])
      .where('checker_user_id', '=', gate.user.id)
      .where('result', '=', 'invalid')
      .execute();
    expect(invalid).toEqual(
      expect.arrayContaining([
        { action: 'verify', ticket_id: null },
        { action: 'mark', ticket_id: null },
      ]),
    );
    // The genuine code still works afterwards: the forged one was not remembered as authentic.
    expect((await scan('mark-used', ticket.qr_token)).status).toBe(200);
  });

  describe.runIf(engine === 'postgres')('on PostgreSQL', () => {
    // pg's connection sends a Bind for each statement of the extended protocol (every query with values) and a
    // Query message for each plain one (begin, commit): counting both counts the statements sent.
    const connection = pg.Connection.prototype as unknown as Record<
      'bind' | 'query',
      (...a: unknown[]) => void
    >;
    const { bind, query } = connection;
    afterEach(() => {
      Object.assign(connection, { bind, query });
    });
    /** The statements this process sends to PostgreSQL while `work` runs (the server runs in this process). */
    async function statementsOf(work: () => Promise<unknown>): Promise<number> {
      let sent = 0;
      Object.assign(connection, {
        bind(this: unknown, ...args: unknown[]) {
          sent++;
          return bind.apply(this, args);
        },
        query(this: unknown, ...args: unknown[]) {
          sent++;
          return query.apply(this, args);
        },
      });
      try {
        await work();
      } finally {
        Object.assign(connection, { bind, query });
      }
      return sent;
    }

    /**
     * The fewest statements one scan sent over a few tries, each on a ticket made ready outside the count. The
     * app's own background jobs (the outbox, the sweeps) send theirs on their timers, and on a busy machine one
     * may land inside a scan's window: that can only add to a count, never take away, so the least of the tries
     * is the scan's own. A scan that needed two statements would count two or more every time.
     */
    async function fewestStatements(ready: () => Promise<() => Promise<unknown>>): Promise<number> {
      let fewest = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 5 && fewest > 1; attempt++) {
        const scanOnce = await ready();
        fewest = Math.min(fewest, await statementsOf(scanOnce));
      }
      return fewest;
    }

    it('verify-qr and mark-used of a stored token are one statement each, a first look included', async () => {
      // Warm: the signed-in checker and the current event are per-instance copies after the first request.
      expect((await scan('verify-qr', (await paidTicket()).qr_token)).status).toBe(200);
      const looked = await paidTicket();
      const lookAgain = async () => () => scan('verify-qr', looked.qr_token);
      expect(await fewestStatements(lookAgain), 'a first look').toBe(1);
      expect(await fewestStatements(lookAgain), 'a look again').toBe(1);
      const admitAfterLook = async () => {
        const ticket = await paidTicket();
        expect((await scan('verify-qr', ticket.qr_token)).status).toBe(200);
        return () => scan('mark-used', ticket.qr_token);
      };
      expect(await fewestStatements(admitAfterLook), 'an admission after a look').toBe(1);
      const admitUnseen = async () => {
        const ticket = await paidTicket();
        return () => scan('mark-used', ticket.qr_token);
      };
      expect(await fewestStatements(admitUnseen), 'an admission without a look').toBe(1);
    });
  });
});
