import { beforeAll, expect, it } from 'vitest';
import { forgetQrDataUrls } from '../../src/platform/documents/qr-data-url';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import { decodeQrImage } from '../unit/documents/qr-decode';

// The ticket carries qrCodeImage (image data; docs/contracts.md). A client that shows it instead of drawing qrCode
// must get a picture that scans as exactly that ticket's code, wherever tickets are shown.

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/;

interface TicketJson {
  id: string;
  qrCode: string;
  qrCodeImage: string;
}

async function expectScansAsItsCode(ticket: TicketJson): Promise<void> {
  const base64 = PNG_DATA_URL.exec(ticket.qrCodeImage)?.[1];
  expect(base64, `qrCodeImage of ${ticket.id}`).toBeDefined();
  expect(await decodeQrImage(Buffer.from(base64!, 'base64'))).toEqual([ticket.qrCode]);
}

describeEachDatabase('ticket QR images', (engine) => {
  const server = useServer(engine);
  let owner: TestUser;
  let admin: TestUser;
  let ids: string[];

  beforeAll(async () => {
    const event = await newEvent(server);
    owner = await newUser(server, { name: 'Hetal Vyas' });
    admin = await newUser(server, { role: 'admin' });
    const tickets = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: owner.user.id,
      quantity: 3,
    });
    ids = tickets.map((ticket) => ticket.id);
  });

  it('my-tickets gives each ticket a PNG data URL that scans as its qrCode', async () => {
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.tickets).toHaveLength(3);
    for (const ticket of mine.body.tickets) await expectScansAsItsCode(ticket);
    // Three different codes, three different pictures.
    expect(new Set(mine.body.tickets.map((ticket: TicketJson) => ticket.qrCodeImage)).size).toBe(3);
  });

  it('a ticket read (GET /tickets/{id}) carries the same image as my-tickets', async () => {
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    const listed = mine.body.tickets.find((ticket: TicketJson) => ticket.id === ids[0]);
    const read = await server.request('GET', `/api/tickets/${ids[0]}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.ticket.qrCodeImage).toBe(listed.qrCodeImage);
    await expectScansAsItsCode(read.body.ticket);
  });

  it('the admin ticket lists show the image too', async () => {
    for (const path of ['/api/admin/tickets/management', '/api/tickets/admin/all']) {
      const page = await server.request('GET', `${path}?limit=100`, { token: admin.token });
      expect(page.status).toBe(200);
      const shown = page.body.tickets.filter((ticket: TicketJson) => ids.includes(ticket.id));
      expect(shown).toHaveLength(3);
      for (const ticket of shown) await expectScansAsItsCode(ticket);
    }
  });

  it('each image is stored once with its token, and later reads (another instance, a restart) take it from there', async () => {
    const tokens = (
      await server.request('GET', '/api/tickets/my-tickets', { token: owner.token })
    ).body.tickets.map((ticket: TicketJson) => ticket.qrCode);
    const stored = await server.ctx.db
      .selectFrom('ticket_qr_images')
      .select(['token', 'image'])
      .where('token', 'in', tokens)
      .execute();
    expect(stored.map((row) => row.token).sort()).toEqual([...tokens].sort());

    // A process that never made these images (its cache empty) answers what the database holds.
    forgetQrDataUrls();
    const marker = 'data:image/png;base64,U1RPUkVE';
    await server.ctx.db
      .updateTable('ticket_qr_images')
      .set({ image: marker })
      .where('token', '=', tokens[0])
      .execute();
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    const first = mine.body.tickets.find((ticket: TicketJson) => ticket.qrCode === tokens[0]);
    expect(first.qrCodeImage).toBe(marker);
    await server.ctx.db
      .updateTable('ticket_qr_images')
      .set({ image: stored.find((row) => row.token === tokens[0])!.image })
      .where('token', '=', tokens[0])
      .execute();
  });
});
