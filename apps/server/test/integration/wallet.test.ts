import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { jwtVerify } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { walletLinkKey } from '../../src/modules/tickets/wallet-service';
import { testCredentialsPath } from '../../src/platform/wallet/test-credentials';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

const run = promisify(execFile);

describeEachDatabase('wallet passes', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let owner: TestUser;
  // biome-ignore lint/suspicious/noExplicitAny: the ticket JSON as the API returned it.
  let ticket: any;

  beforeAll(async () => {
    event = await newEvent(server, { name: 'Wallet Garba Night', date: '2099-10-02' });
    owner = await newUser(server, { name: 'Meera Shah' });
    [ticket] = (await buy(server, owner, event, 1)).tickets;
  });

  async function fetchPass(path: string, token?: string) {
    const response = await fetch(`${server.url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function testCredentials() {
    return JSON.parse(await readFile(testCredentialsPath(server.config.dataDir), 'utf8'));
  }

  /** openssl's verdict on the pass's detached signature of manifest.json, against the test CA. */
  async function opensslVerifies(files: Record<string, Uint8Array>): Promise<boolean> {
    const dir = await mkdtemp(join(tmpdir(), 'pkpass-'));
    try {
      await writeFile(join(dir, 'manifest.json'), files['manifest.json']!);
      await writeFile(join(dir, 'signature'), files.signature!);
      await writeFile(join(dir, 'ca.pem'), (await testCredentials()).caCertificate);
      await run('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'signature'),
        '-content',
        join(dir, 'manifest.json'),
        '-CAfile',
        join(dir, 'ca.pem'),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]);
      return true;
    } catch {
      return false;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('the owner gets a pkpass whose manifest hashes every file and whose signature openssl verifies', async () => {
    const { response, bytes } = await fetchPass(`/api/tickets/${ticket.id}/wallet/apple`, owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toContain(`${ticket.ticketId}.pkpass`);

    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'logo@2x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8'));
    expect(Object.keys(manifest).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== 'manifest.json' && name !== 'signature')
        .sort(),
    );
    for (const [name, hash] of Object.entries(manifest)) {
      expect(createHash('sha1').update(files[name]!).digest('hex')).toBe(hash);
    }

    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: ticket.id,
      relevantDate: '2099-10-02T19:00:00+05:30',
      voided: false,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.qrCode }],
    });
    expect(JSON.stringify(pass.eventTicket)).toContain('Wallet Garba Night');
    expect(JSON.stringify(pass.eventTicket)).toContain('Meera Shah');
    expect(JSON.stringify(pass.eventTicket)).toContain('Test Ground, Mumbai');

    expect(await opensslVerifies(files)).toBe(true);
    // The same signature over a changed manifest must fail: openssl really checks it.
    expect(await opensslVerifies({ ...files, 'manifest.json': Buffer.from('{"pass.json":"0"}') })).toBe(
      false,
    );
  });

  it("a Hindi owner's pass speaks Hindi: labels, date, hours and the entry note; English stays as it was", async () => {
    const hindi = await newUser(server, { name: 'Kavya Iyer' });
    const chosen = await server.request('PUT', '/api/auth/language', {
      token: hindi.token,
      body: { language: 'hi' },
    });
    expect(chosen.status).toBe(200);
    const [own] = (await buy(server, hindi, event, 1)).tickets;
    const passOf = async (id: string, token: string) => {
      const { bytes } = await fetchPass(`/api/tickets/${id}/wallet/apple`, token);
      return JSON.parse(Buffer.from(unzipSync(bytes)['pass.json']!).toString('utf8'));
    };
    const hi = await passOf(own.id, hindi.token);
    expect(hi.description).toBe('Wallet Garba Night का टिकट');
    expect(hi.eventTicket.secondaryFields).toEqual([
      { key: 'date', label: 'तारीख़', value: 'शुक्रवार, 2 अक्टूबर 2099' },
      { key: 'time', label: 'समय', value: 'शाम 7:00 से रात 11:00 तक' },
    ]);
    expect(JSON.stringify(hi.eventTicket.backFields)).toContain('गेट पर यह QR कोड दिखाएँ।');
    const en = await passOf(ticket.id, owner.token);
    expect(en.eventTicket.secondaryFields).toEqual([
      { key: 'date', label: 'DATE', value: 'Friday, 2 October 2099' },
      { key: 'time', label: 'TIME', value: '7:00 PM - 11:00 PM' },
    ]);
  });

  it('another guest, staff and an anonymous caller cannot get the pass (404, 404, 401)', async () => {
    const stranger = await newUser(server);
    const admin = await newUser(server, { role: 'admin' });
    for (const token of [stranger.token, admin.token]) {
      const apple = await server.request('GET', `/api/tickets/${ticket.id}/wallet/apple`, { token });
      expect(apple.status).toBe(404);
      expect(apple.body.code).toBe('TICKET_NOT_FOUND');
      const google = await server.request('GET', `/api/tickets/${ticket.id}/wallet/google`, { token });
      expect(google.status).toBe(404);
    }
    expect((await server.request('GET', `/api/tickets/${ticket.id}/wallet/apple`)).status).toBe(401);
    expect((await server.request('GET', `/api/tickets/${ticket.id}/wallet/google`)).status).toBe(401);
  });

  it("an email's link opens the pass with its key, and a wrong key looks like a missing ticket", async () => {
    const row = await server.ctx.db
      .selectFrom('events')
      .select('qr_private_key')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    const key = walletLinkKey(ticket.id, row.qr_private_key!);
    const good = await fetchPass(`/api/tickets/${ticket.id}/wallet/apple?key=${key}`);
    expect(good.response.status).toBe(200);
    expect(unzipSync(good.bytes)['pass.json']).toBeDefined();
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const bad = await server.request('GET', `/api/tickets/${ticket.id}/wallet/apple?key=${wrong}`);
    expect(bad.status).toBe(404);
  });

  it('the Google Wallet link carries a JWT signed by the service account key with the ticket QR', async () => {
    const response = await server.request('GET', `/api/tickets/${ticket.id}/wallet/google`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    const url: string = response.body.url;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const publicKey = createPublicKey((await testCredentials()).googleKey);
    const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, { audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [server.config.publicUrl] });
    // biome-ignore lint/suspicious/noExplicitAny: the Wallet payload as signed.
    const object = (payload.payload as any).eventTicketObjects[0];
    expect(object).toMatchObject({
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: ticket.qrCode },
      ticketHolderName: 'Meera Shah',
      ticketNumber: ticket.ticketId,
    });
    // A JWT altered after signing no longer verifies.
    const [head, body, signature] = jwt.split('.');
    const forged = `${head}.${body!.slice(0, -2)}AA.${signature}`;
    await expect(jwtVerify(forged, publicKey, { audience: 'google' })).rejects.toThrow();
  });

  it('after a postponement both passes carry the new date and venue; Google gets ids of the new schedule', async () => {
    const googlePayload = async () => {
      const response = await server.request('GET', `/api/tickets/${ticket.id}/wallet/google`, {
        token: owner.token,
      });
      const jwt = (response.body.url as string).slice('https://pay.google.com/gp/v/save/'.length);
      const publicKey = createPublicKey((await testCredentials()).googleKey);
      // biome-ignore lint/suspicious/noExplicitAny: the Wallet payload as signed.
      return (await jwtVerify(jwt, publicKey, { audience: 'google' })).payload.payload as any;
    };
    const before = await googlePayload();
    const admin = await newUser(server, { role: 'admin' });
    const moved = await server.request('POST', '/api/admin/event/change', {
      token: admin.token,
      body: {
        kind: 'postpone',
        date: '2099-10-09',
        startTime: '20:00',
        endTime: '23:30',
        venue: 'NSCI Dome, Worli',
      },
    });
    expect(moved.status, moved.text).toBe(200);

    const { bytes } = await fetchPass(`/api/tickets/${ticket.id}/wallet/apple`, owner.token);
    const pass = JSON.parse(Buffer.from(unzipSync(bytes)['pass.json']!).toString('utf8'));
    expect(pass).toMatchObject({
      serialNumber: ticket.id,
      relevantDate: '2099-10-09T20:00:00+05:30',
      expirationDate: '2099-10-09T23:30:00+05:30',
    });
    expect(pass.eventTicket.secondaryFields).toEqual([
      { key: 'date', label: 'DATE', value: 'Friday, 9 October 2099', changeMessage: 'Now: %@' },
      { key: 'time', label: 'TIME', value: '8:00 PM - 11:30 PM', changeMessage: 'Now: %@' },
    ]);
    expect(pass.eventTicket.auxiliaryFields[0]).toMatchObject({ key: 'venue', value: 'NSCI Dome, Worli' });
    expect(pass.eventTicket.backFields[0]).toMatchObject({ key: 'moved', label: 'Moved' });

    const after = await googlePayload();
    expect(after.eventTicketClasses[0].dateTime).toEqual({
      start: '2099-10-09T20:00:00+05:30',
      end: '2099-10-09T23:30:00+05:30',
    });
    expect(after.eventTicketClasses[0].venue.name.defaultValue.value).toBe('NSCI Dome, Worli');
    // Google ignores a save link's copy of a class or object it already has: new ids make the new pass.
    expect(after.eventTicketClasses[0].id).not.toBe(before.eventTicketClasses[0].id);
    expect(after.eventTicketObjects[0].id).not.toBe(before.eventTicketObjects[0].id);
    expect(after.eventTicketObjects[0].classId).toBe(after.eventTicketClasses[0].id);
  });

  it('a cancelled ticket gets no pass', async () => {
    const guest = await newUser(server);
    const [cancelled] = (await buy(server, guest, event, 1)).tickets;
    const cancel = await server.request('PATCH', `/api/tickets/cancel/${cancelled.id}`, {
      token: guest.token,
      body: { reason: 'Cannot come' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    const apple = await server.request('GET', `/api/tickets/${cancelled.id}/wallet/apple`, {
      token: guest.token,
    });
    expect(apple.status).toBe(400);
    expect(apple.body.code).toBe('TICKET_NOT_ACTIVE');
  });
});
