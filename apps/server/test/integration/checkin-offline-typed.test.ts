import { beforeAll, expect, it } from 'vitest';
import { TYPED_CODES_PER_MINUTE } from '../../src/modules/checkin/typed-codes';
import { describeEachDatabase } from '../../support/databases';
import { type GateSetup, gateCalls, setUpGate } from '../../support/gate';
import { useServer } from '../../support/server';

// Typed codes cost the same allowance offline as online (20 a minute per volunteer): a sync of 500 typed
// codes was a guessing oracle of 500 tries at once. Past the allowance the rest of the batch is left
// unanswered (the device keeps it queued, in order) and goes through once the minute has passed. Time is the
// app's injectable clock, moved by the test.

describeEachDatabase('typed codes synced from offline', (engine) => {
  const server = useServer(engine);
  let setup: GateSetup;
  const calls = gateCalls(server);

  beforeAll(async () => {
    setup = await setUpGate(server);
  });

  it('spend the volunteer’s typed-code allowance; the rest waits, queued, for the next minute', async () => {
    const realNow = server.ctx.now;
    const start = new Date();
    server.ctx.now = () => start;
    try {
      const tickets = await calls.freshTickets(setup, TYPED_CODES_PER_MINUTE + 5);
      const list = await server.request('GET', '/api/tickets/checkin/snapshot', { token: setup.gateA.token });
      const admissions = tickets.map((ticket, index) => ({
        localId: `typed-${index}`,
        ticketId: ticket.id,
        // As typed at the gate: lower case, spaces.
        qrCode: ticket.ticket_code.toLowerCase().replace('-', ' '),
        scannedAt: start.toISOString(),
        snapshotAt: list.body.generatedAt,
      }));
      const body = { deviceId: 'typing-phone', admissions };

      const first = await calls.sync(setup.gateA, body);
      expect(first.status, first.text).toBe(200);
      expect(first.body.results.map((result: { localId: string }) => result.localId)).toEqual(
        admissions.slice(0, TYPED_CODES_PER_MINUTE).map((admission) => admission.localId),
      );
      expect(new Set(first.body.results.map((result: { outcome: string }) => result.outcome))).toEqual(
        new Set(['admitted']),
      );
      const device = await server.ctx.db
        .selectFrom('checkin_devices')
        .select('queued')
        .where('device_id', '=', 'typing-phone')
        .executeTakeFirstOrThrow();
      expect(device.queued).toBe(5);

      // The same allowance as online: a code typed now is refused for the rate, not looked up.
      const online = await calls.scan('verify-qr', setup.gateA, { qrCode: tickets[0]!.ticket_code });
      expect(online.status).toBe(429);
      expect(online.body.code).toBe('RATE_LIMITED');

      // A minute on, the device sends again what is still queued (the answered ones are replays).
      const later = new Date(start.getTime() + 60_000);
      server.ctx.now = () => later;
      const second = await calls.sync(setup.gateA, body);
      expect(second.status, second.text).toBe(200);
      const outcomes = new Map(
        second.body.results.map((result: { localId: string; outcome: string }) => [
          result.localId,
          result.outcome,
        ]),
      );
      expect(outcomes.size).toBe(TYPED_CODES_PER_MINUTE + 5);
      expect(new Set(outcomes.values())).toEqual(new Set(['admitted']));
    } finally {
      server.ctx.now = realNow;
    }
  });
});
