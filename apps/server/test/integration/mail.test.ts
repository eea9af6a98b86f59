import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { buy, newEvent, outboxRows, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, parseMime, textOf } from '../unit/mail/mime';

// The worker's own timer never fires in these suites; each test drains the outbox when it wants to.
const ENV = { ...PURCHASE_ENV, OUTBOX_INTERVAL_MS: '86400000' };

describeEachDatabase('confirmation email through SMTP', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });

  it('a purchase mails the buyer once, with one PDF and a calendar invite, after the commit', async () => {
    const event = await newEvent(server, { name: 'Mail & <Garba> Night' });
    const buyer = await newUser(server, { name: 'Asha <b>Patel</b>' });
    await buy(server, buyer, event, 3);

    // Two jobs: the mail, and the order's tax document (made whether or not the mail goes).
    expect(await server.app.outbox.drain()).toBe(2);
    const mails = smtp.received.filter((mail) => mail.to.includes(buyer.email));
    expect(mails).toHaveLength(1);
    const message = parseMime(mails[0]!.raw);
    expect(attachments(message).map((file) => file.contentType.split(';')[0])).toEqual([
      'application/pdf',
      'text/calendar',
    ]);
    const html = textOf(message, 'text/html') ?? '';
    expect(html).not.toContain('<b>Patel</b>');
    expect(html).toContain('Asha &lt;b&gt;Patel&lt;/b&gt;');

    expect(await server.app.outbox.drain()).toBe(0);
    expect(smtp.received.filter((mail) => mail.to.includes(buyer.email))).toHaveLength(1);
    const [row] = await outboxRows(server, 'tickets-confirmation');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
  it('the confirmation mail has working wallet links for each ticket', async () => {
    // The suite's one event, made by the test before.
    const event = (await server.request('GET', '/api/event')).body.data;
    const buyer = await newUser(server);
    const { tickets } = await buy(server, buyer, event, 2);
    await server.app.outbox.drain();
    const mail = smtp.received.find((received) => received.to.includes(buyer.email))!;
    const html = textOf(parseMime(mail.raw), 'text/html') ?? '';
    const apple = [
      ...html.matchAll(/href="([^"]+\/wallet\/apple\?key=[^"]+)"[^>]*>Add to Apple Wallet/g),
    ].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(apple).toHaveLength(2);
    for (const [i, ticket] of tickets.entries()) {
      expect(apple[i]).toContain(`/api/tickets/${ticket.id}/wallet/apple?key=`);
      // Opened from the mail app: no sign-in, the key alone.
      const link = new URL(apple[i]!);
      expect(link.origin).toBe(server.config.publicUrl);
      const response = await fetch(`${server.url}${link.pathname}${link.search}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    }
    expect(
      html.match(/href="https:\/\/pay\.google\.com\/gp\/v\/save\/[^"]+"[^>]*>Save to Google Wallet/g),
    ).toHaveLength(2);
  });

  it('the confirmation mail links the order’s invoice, which opens without a sign-in and for that order only', async () => {
    const event = (await server.request('GET', '/api/event')).body.data;
    const buyer = await newUser(server);
    const other = await newUser(server);
    const razorpayOrderId = (await buy(server, buyer, event, 1)).order.orderId as string;
    const otherOrderId = (await buy(server, other, event, 1)).order.orderId as string;
    await server.app.outbox.drain();
    const message = parseMime(smtp.received.find((received) => received.to.includes(buyer.email))!.raw);
    const html = textOf(message, 'text/html') ?? '';
    const links = [...html.matchAll(/href="([^"]+)"[^>]*>Download invoice</g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    );
    expect(links).toHaveLength(1);
    const link = new URL(links[0]!);
    expect(link.origin).toBe(server.config.publicUrl);
    expect(link.pathname).toBe(`/api/tickets/orders/${razorpayOrderId}/document`);
    expect(textOf(message, 'text/plain')).toContain(`Download invoice: ${links[0]}`);

    // Opened from the mail app: no sign-in, the key alone; the PDF of the order's document.
    const pdf = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The key opens this order only; a wrong key or none opens nothing.
    const key = link.searchParams.get('key')!;
    const elsewhere = await fetch(`${server.url}/api/tickets/orders/${otherOrderId}/document?key=${key}`);
    expect(elsewhere.status).toBe(404);
    const wrong = await fetch(`${server.url}${link.pathname}?key=${key.slice(1)}x`);
    expect(wrong.status).toBe(404);
    expect((await fetch(`${server.url}${link.pathname}`)).status).toBe(401);
  });
});

describeEachDatabase('manual issuance email through SMTP', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });

  it('tickets issued by staff to a new person are mailed to them with the PDF', async () => {
    await newEvent(server);
    const manager = await newUser(server, { role: 'manager' });
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: manager.token,
      body: {
        userName: 'Meera Family',
        userEmail: 'meera.family@example.com',
        quantity: 3,
        paymentDone: true,
      },
    });
    expect(issued.status, issued.text).toBe(200);

    // One job: the mail. The sale's tax document was made with the tickets, and the answer names it.
    expect(issued.body.document).toMatchObject({ number: expect.any(String) });
    expect(await server.app.outbox.drain()).toBe(1);
    const mails = smtp.received.filter((mail) => mail.to.includes('meera.family@example.com'));
    expect(mails).toHaveLength(1);
    const message = parseMime(mails[0]!.raw);
    expect(attachments(message).some((file) => file.contentType.startsWith('application/pdf'))).toBe(true);
  });
});

describeEachDatabase('confirmation email while the mail server is down', (engine) => {
  // Port 1 on loopback refuses at once, as a crashed mail server would.
  const server = useServer(engine, { env: { ...ENV, SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' } });

  it('fails no purchase, and the mail waits for a retry instead of being lost', async () => {
    const event = await newEvent(server);
    const buyer = await newUser(server);
    const purchase = await buy(server, buyer, event, 1);
    expect(purchase.tickets).toHaveLength(1);

    const before = Date.now();
    // Two jobs: the mail, and the order's tax document (made whether or not the mail goes).
    expect(await server.app.outbox.drain()).toBe(2);
    const rows = await outboxRows(server, 'tickets-confirmation');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[0]!.last_error).toBeTruthy();
    expect(Date.parse(rows[0]!.next_attempt_at)).toBeGreaterThan(before);
    expect(await server.app.outbox.drain()).toBe(0);
  });
});

describe('confirmation email without SMTP', () => {
  const server = useServer('sqlite', { env: ENV });

  it('is written as an .eml file in DATA_DIR/outbox', async () => {
    const event = await newEvent(server);
    const buyer = await newUser(server);
    await buy(server, buyer, event, 2);
    // Two jobs: the mail, and the order's tax document (made whether or not the mail goes).
    expect(await server.app.outbox.drain()).toBe(2);
    const files = await readdir(join(server.config.dataDir, 'outbox'));
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });
});
