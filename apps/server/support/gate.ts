import type { TicketView } from '../src/stores/tickets';
import { issuePaidTickets } from './checkin';
import { newUser, type TestUser } from './factories';
import { newEvent, type TestEvent } from './purchase';
import type { TestServer } from './server';

// What the check-in suites (checkin, checkin-offline) share: an event with its QR keys, a buyer, two gates, a
// manager and a guest, and the calls they make.

export interface GateSetup {
  event: TestEvent;
  keys: { publicKey: string; privateKey: string };
  buyer: TestUser;
  gateA: TestUser;
  gateB: TestUser;
  manager: TestUser;
  guest: TestUser;
}

export async function setUpGate(server: TestServer): Promise<GateSetup> {
  const event = await newEvent(server, { totalTickets: 5000 });
  const row = await server.ctx.db
    .selectFrom('events')
    .select(['qr_public_key', 'qr_private_key'])
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  return {
    event,
    keys: { publicKey: row.qr_public_key!, privateKey: row.qr_private_key! },
    buyer: await newUser(server, { name: 'Priya Ramesh Shah' }),
    gateA: await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' }),
    gateB: await newUser(server, { role: 'qrchecker', name: 'Bharat at Gate B' }),
    manager: await newUser(server, { role: 'manager', name: 'Manoj Manager' }),
    guest: await newUser(server, { name: 'Just A Guest' }),
  };
}

/** The gate's calls and the rows they leave, for one server. */
export function gateCalls(server: TestServer) {
  return {
    freshTickets(setup: GateSetup, quantity: number): Promise<TicketView[]> {
      return issuePaidTickets(server.ctx, { eventId: setup.event.id, userId: setup.buyer.user.id, quantity });
    },
    scan(action: 'verify-qr' | 'mark-used', user: TestUser | null, body: unknown) {
      return server.request('POST', `/api/tickets/${action}`, {
        ...(user ? { token: user.token } : {}),
        body,
      });
    },
    sync(user: TestUser, body: unknown) {
      return server.request('POST', '/api/tickets/checkin/sync', { token: user.token, body });
    },
    ticketRow(id: string) {
      return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
    scansOf(ticketId: string) {
      return server.ctx.db
        .selectFrom('checkin_scans')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .orderBy('created_at')
        .execute();
    },
  };
}
