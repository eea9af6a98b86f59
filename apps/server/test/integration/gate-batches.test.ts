import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateTurnsOf } from '../../src/modules/checkin/gate-on-postgres';
import type { TicketView } from '../../src/stores/tickets';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { type GateSetup, gateCalls, setUpGate } from '../../support/gate';
import { useServer } from '../../support/server';

// A burst at the gate (checkin/gate-on-postgres.ts runs the scans that arrive together as one statement per
// batch; gate-on-sqlite.ts as one group commit): every scan gets its own ticket's answer, each ticket is
// admitted exactly once however many gates scan it at the same moment, and every look and admission is logged.

describeEachDatabase('a burst of scans at the gate', (engine) => {
  const server = useServer(engine);
  const calls = gateCalls(server);
  let setup: GateSetup;
  let gates: TestUser[];

  beforeAll(async () => {
    setup = await setUpGate(server);
    gates = await Promise.all(
      ['North', 'South', 'East'].map((gate) =>
        newUser(server, { role: 'qrchecker', name: `Volunteer at ${gate}` }),
      ),
    );
  });

  const scan = (action: 'verify-qr' | 'mark-used', gate: TestUser, ticket: TicketView) =>
    calls.scan(action, gate, { qrCode: ticket.qr_token, deviceId: `phone-${gate.user.id}`, gate: 'Main' });

  it('answers each look with its own ticket and logs every one', async () => {
    const tickets = await calls.freshTickets(setup, 30);
    const looks = await Promise.all(
      tickets.flatMap((ticket) => gates.slice(0, 2).map((gate) => scan('verify-qr', gate, ticket))),
    );
    const tickets2 = tickets.flatMap((ticket) => [ticket, ticket]);
    looks.forEach((look, index) => {
      expect(look.status, look.text).toBe(200);
      expect(look.body.ticket.id).toBe(tickets2[index]!.id);
      expect(look.body.ticket.status).toBe('active');
    });
    for (const ticket of tickets) {
      const logged = await calls.scansOf(ticket.id);
      expect(logged.map((row) => [row.action, row.result])).toEqual([
        ['verify', 'verified'],
        ['verify', 'verified'],
      ]);
    }
  });

  it('admits each ticket once when three gates scan it at the same moment; the others hear ALREADY_USED', async () => {
    const tickets = await calls.freshTickets(setup, 25);
    const entries = await Promise.all(
      tickets.flatMap((ticket) => gates.map((gate) => scan('mark-used', gate, ticket))),
    );
    for (const [index, ticket] of tickets.entries()) {
      const answers = entries.slice(index * 3, index * 3 + 3);
      const admitted = answers.filter((answer) => answer.status === 200);
      expect(admitted).toHaveLength(1);
      expect(admitted[0]!.body.ticket.id).toBe(ticket.id);
      expect(admitted[0]!.body.ticket.status).toBe('used');
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('ALREADY_USED');
      }
      const row = await calls.ticketRow(ticket.id);
      expect(row.status).toBe('used');
      const winner = gates[answers.indexOf(admitted[0]!)]!;
      expect(row.scanned_by_user_id).toBe(winner.user.id);
      const logged = await calls.scansOf(ticket.id);
      expect(logged.filter((scan) => scan.result === 'admitted')).toHaveLength(1);
      expect(logged.filter((scan) => scan.result === 'already_used')).toHaveLength(2);
    }
  });

  describe.runIf(engine === 'postgres')('on PostgreSQL', () => {
    // Whether scans share a batch depends on how they overlap on the machine; the test holds the batches until
    // all 40 looks are waiting, so they go as one whatever the machine's speed. It counts the statements that
    // name any of the burst's tickets or codes (the app's background jobs run statements of their own meanwhile).
    it('sends a burst that waits together as one statement', async () => {
      const { verify } = gateTurnsOf(server.ctx.db);
      const tickets = await calls.freshTickets(setup, 40);
      const burstValues = new Set(tickets.flatMap((ticket) => [ticket.id, ticket.qr_token]));
      const bind = pg.Connection.prototype.bind;
      let statements = 0;
      pg.Connection.prototype.bind = function (this: pg.Connection, ...args: Parameters<typeof bind>) {
        const values = (args[0]?.values ?? []).flat();
        if (values.some((value) => burstValues.has(value as string))) statements++;
        return bind.apply(this, args);
      };
      const release = verify.hold();
      try {
        const burst = Promise.all(tickets.map((ticket) => scan('verify-qr', gates[0]!, ticket)));
        await expect.poll(() => verify.waiting()).toBe(tickets.length);
        release();
        const looks = await burst;
        expect(looks.every((look) => look.status === 200)).toBe(true);
        expect(statements).toBe(1);
      } finally {
        release();
        pg.Connection.prototype.bind = bind;
      }
    });
  });
});
