import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, parseMime, textOf } from '../unit/mail/mime';

// The organiser profile (docs/product.md#organiser): who may read and write it, how each field is checked, and
// that GET /event, the emails, the PDFs, the calendar invite and the wallet pass all name the organiser from it.

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const PROFILE = {
  name: 'Navratri Nights',
  tagline: 'Nine nights, one circle',
  supportEmail: 'Help@Navratri.example',
  supportPhone: '+91 98200 12345',
  supportHours: '11:00-19:00, Monday to Friday',
  socialLinks: { instagram: 'https://instagram.com/navratri.nights', facebook: '' },
  legalName: 'Navratri Nights Events LLP',
  address: '12 Marine Drive, Mumbai 400020',
};

describeEachDatabase('organiser profile', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, WAITING_ROOM: 'off' },
    adjust: deliverTo(smtp),
  });
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
  });

  it('is empty on a new install: GET /admin/organiser and GET /event say null', async () => {
    const profile = await server.request('GET', '/api/admin/organiser', { token: admin.token });
    expect(profile.body).toEqual({ success: true, organiser: null, updatedAt: null });
    expect((await server.request('GET', '/api/event')).body).toEqual({
      success: true,
      data: null,
      organiser: null,
    });
  });

  it('a manager reads it but cannot change it; a guest can do neither', async () => {
    const guest = await newUser(server);
    expect((await server.request('GET', '/api/admin/organiser', { token: manager.token })).status).toBe(200);
    expect((await server.request('GET', '/api/admin/organiser', { token: guest.token })).status).toBe(403);
    for (const caller of [manager, guest]) {
      const put = await server.request('PUT', '/api/admin/organiser', { token: caller.token, body: PROFILE });
      expect(put.status).toBe(403);
    }
  });

  it('refuses a bad field with the field named: name, email, phone, an http link, a long tagline', async () => {
    const response = await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: {
        name: ' ',
        supportEmail: 'not an address',
        supportPhone: '12',
        socialLinks: { instagram: 'http://instagram.com/x' },
        tagline: 'x'.repeat(161),
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(
      Object.fromEntries(
        response.body.details.map((d: { field: string; message: string }) => [d.field, d.message]),
      ),
    ).toEqual({
      name: 'Organiser name is required',
      supportEmail: 'Please enter a valid support email address',
      supportPhone: 'Please enter a valid phone number',
      'socialLinks.instagram': 'Links must be full https:// addresses',
      tagline: 'Must be at most 160 characters',
    });
  });

  it('a logo that is not a picture is refused under the logo field', async () => {
    const response = await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { ...PROFILE, logo: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'logo', message: expect.any(String) }]);
  });

  it('saved whole by an admin, it is in GET /event for everyone, with only the links that are set', async () => {
    const saved = await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { ...PROFILE, logo: PNG },
    });
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      name: 'Navratri Nights',
      tagline: 'Nine nights, one circle',
      supportEmail: 'help@navratri.example',
      supportPhone: '+91 98200 12345',
      supportHours: '11:00-19:00, Monday to Friday',
      socialLinks: { instagram: 'https://instagram.com/navratri.nights' },
      logo: expect.stringMatching(/^\/api\/event\/image\/[a-f0-9]{64}$/),
      legalName: 'Navratri Nights Events LLP',
      address: '12 Marine Drive, Mumbai 400020',
    };
    expect(saved.body.organiser).toEqual(expected);
    expect((await server.request('GET', '/api/event')).body.organiser).toEqual(expected);
    const logo = await fetch(`${server.url}${saved.body.organiser.logo}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'organiser')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['organiser.created']);
  });

  it('sending the logo URL back keeps it; an empty logo removes it and its stored picture', async () => {
    const before = (await server.request('GET', '/api/admin/organiser', { token: admin.token })).body
      .organiser;
    const kept = await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { ...PROFILE, logo: before.logo },
    });
    expect(kept.body.organiser.logo).toBe(before.logo);
    const removed = await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { ...PROFILE, logo: '' },
    });
    expect(removed.body.organiser.logo).toBeNull();
    expect((await fetch(`${server.url}${before.logo}`)).status).toBe(404);
  });

  it('the confirmation email, its PDF, its calendar invite and the wallet pass name the organiser', async () => {
    const event = await newEvent(server);
    const buyer = await newUser(server);
    const { tickets } = await buy(server, buyer, event, 1);
    await server.app.outbox.drain();
    const mail = smtp.received.find((received) => received.to.includes(buyer.email))!;
    const message = parseMime(mail.raw);
    for (const part of [textOf(message, 'text/html') ?? '', textOf(message, 'text/plain') ?? '']) {
      expect(part).toContain('Navratri Nights');
      expect(part).toContain('help@navratri.example');
      expect(part).toContain('11:00-19:00, Monday to Friday');
    }
    const files = attachments(message);
    const pdf = await PDFDocument.load(
      files.find((file) => file.contentType.startsWith('application/pdf'))!.content,
    );
    expect(pdf.getAuthor()).toBe('Navratri Nights');
    const ics = files.find((file) => file.contentType.startsWith('text/calendar'))!.content.toString('utf8');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(
      'ORGANIZER;CN=Navratri Nights:mailto:help@navratri.example',
    );

    const pass = await fetch(`${server.url}/api/tickets/${tickets[0].id}/wallet/apple`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const json = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(await pass.arrayBuffer()))['pass.json']!).toString(),
    );
    expect(json).toMatchObject({ organizationName: 'Navratri Nights', logoText: 'Navratri Nights' });
  });

  it('the staff PDF of hand-issued tickets is authored by the organiser', async () => {
    const issued = await issueManual(server, admin.token, {
      userName: 'Ravi Shah',
      userEmail: 'ravi.organiser@example.test',
      quantity: 1,
    });
    const ids = issued.tickets.map((ticket: { id: string }) => ticket.id);
    const response = await fetch(`${server.url}/api/tickets/admin/generate-pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ticketIds: ids }),
    });
    expect(response.status).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getAuthor()).toBe('Navratri Nights');
  });
});
