import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import { REGISTERED_SETTINGS, saveTaxSettings } from '../../support/tax';

// The organiser's tax settings (GET/PUT /admin/tax-settings): an admin writes them, a manager reads them, each
// field is checked by the schema the admin form runs, and the organiser's state is read from the GSTIN. GET /event
// tells the purchase dialog whether the organiser is registered.

describeEachDatabase('tax settings', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
  });

  it('before any save: not registered, with the law’s figures as defaults', async () => {
    const response = await server.request('GET', '/api/admin/tax-settings', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      updatedAt: null,
      settings: {
        registered: false,
        gstin: null,
        stateCode: null,
        legalName: null,
        tradeName: null,
        address: null,
        sacCode: '9996',
        sacDescription: 'Admission to a cultural event',
        ratePercent: 18,
        exemptUpToPerPerson: 500,
        invoicePrefix: 'INV',
        pricesIncludeTax: true,
        placeOfSupplyStateCode: null,
        convenienceFeeBasis: 'none',
        convenienceFeeAmount: 0,
        convenienceFeePaidBy: 'buyer',
      },
    });
  });

  it('a manager reads them but cannot change them; a guest can do neither', async () => {
    const guest = await newUser(server);
    expect((await server.request('GET', '/api/admin/tax-settings', { token: manager.token })).status).toBe(
      200,
    );
    expect((await server.request('GET', '/api/admin/tax-settings', { token: guest.token })).status).toBe(403);
    for (const caller of [manager, guest]) {
      const put = await server.request('PUT', '/api/admin/tax-settings', {
        token: caller.token,
        body: REGISTERED_SETTINGS,
      });
      expect(put.status).toBe(403);
    }
  });

  it('refuses each bad field with the field named: a GSTIN that does not check out, the rate, the prefix', async () => {
    const response = await server.request('PUT', '/api/admin/tax-settings', {
      token: admin.token,
      body: {
        ...REGISTERED_SETTINGS,
        gstin: '27AAPFU0939F1ZW',
        legalName: '',
        ratePercent: 30,
        exemptUpToPerPerson: -1,
        invoicePrefix: 'TOO-LONG',
        sacCode: '99',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(
      Object.fromEntries(
        response.body.details.map((d: { field: string; message: string }) => [d.field, d.message]),
      ),
    ).toEqual({
      gstin: 'This GSTIN does not check out: please look for a mistyped character',
      ratePercent: 'The rate is a percentage from 0 to 28, with at most two decimals',
      exemptUpToPerPerson: 'The limit is an amount in rupees, 0 or more',
      invoicePrefix:
        'The prefix is 1 to 5 capital letters, digits or hyphens, so that every number fits 16 characters',
      sacCode: 'A SAC code has 4 to 6 digits (9996 for admission to events)',
    });
  });

  it('prices before tax are refused: the checkout charges the price list, which documents must match', async () => {
    const response = await server.request('PUT', '/api/admin/tax-settings', {
      token: admin.token,
      body: { ...REGISTERED_SETTINGS, pricesIncludeTax: false },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      {
        field: 'pricesIncludeTax',
        message: 'Prices must include tax: the checkout charges the price list as it is',
      },
    ]);
  });

  it('answers a bad field in the reader’s language', async () => {
    const response = await server.request('PUT', '/api/admin/tax-settings', {
      token: admin.token,
      headers: { 'accept-language': 'hi' },
      body: { ...REGISTERED_SETTINGS, gstin: '27AAPFU0939F1Z' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'gstin', message: 'GSTIN में 15 अक्षर होते हैं' }]);
  });

  it('saved by an admin: the state comes from the GSTIN, the prefix in capitals, the save audited', async () => {
    const saved = await server.request('PUT', '/api/admin/tax-settings', {
      token: admin.token,
      body: { ...REGISTERED_SETTINGS, ratePercent: 18, exemptUpToPerPerson: 500.5 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({
      registered: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      invoicePrefix: 'UTSAV',
      exemptUpToPerPerson: 500.5,
    });
    const read = await server.request('GET', '/api/admin/tax-settings', { token: manager.token });
    expect(read.body.settings).toEqual(saved.body.settings);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'tax_settings')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['tax-settings.created']);
  });

  it('GET /event says whether the organiser is registered: the purchase dialog then asks a business for its GSTIN', async () => {
    await newEvent(server);
    const registered = await server.request('GET', '/api/event');
    expect(registered.body.data.gstRegistered).toBe(true);
    await saveTaxSettings(server, admin.token, { registered: false });
    const unregistered = await server.request('GET', '/api/event');
    expect(unregistered.body.data.gstRegistered).toBe(false);
  });
});
