import { PROMO_CODE_MESSAGES } from '@utsav/domain/promo-codes-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The Promo Codes panel's calls and the purchase dialog's code check: codes limited to their types, never below
// ₹0, access codes revealing hidden types, wrong and expired codes told apart from valid ones (and not from each
// other's existence), and the check rate-limited per person.

describeEachDatabase('promo codes', (engine) => {
  const server = useServer(engine, { now: () => new Date('2026-10-01T06:30:00.000Z') });
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let female: string;
  let couple: string;
  let artist: string;

  beforeAll(async () => {
    await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
    const type = async (body: Record<string, unknown>) =>
      (await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body })).body.ticketType
        .id;
    female = await type({ name: 'Female pass', price: 249 });
    couple = await type({ name: 'Couple pass', price: 599, admits: 2 });
    artist = await type({ name: 'Artist pass', price: 0, hidden: true });
  });

  const create = (body: Record<string, unknown>, token = admin.token) =>
    server.request('POST', '/api/admin/promo-codes', { token, body });
  const check = (code: string, items: { ticketTypeId: string; quantity: number }[], who = guest) =>
    server.request('POST', '/api/promo-codes/check', { token: who.token, body: { code, items } });

  describe('the panel', () => {
    it("an admin creates codes; the text is stored upper-case and is the event's only one", async () => {
      const response = await create({
        code: 'navratri-10',
        kind: 'percent',
        value: 10,
        ticketTypeIds: [female],
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.promoCode).toMatchObject({
        code: 'NAVRATRI-10',
        kind: 'percent',
        value: 10,
        ticketTypeIds: [female],
        active: true,
        use: { tickets: 0, held: 0, orders: 0, discount: 0, revenue: 0 },
      });
      const again = await create({ code: 'NAVRATRI-10', kind: 'amount', value: 50 });
      expect(again.status).toBe(400);
      expect(again.body.details).toEqual([{ field: 'code', message: PROMO_CODE_MESSAGES.codeExists }]);
    });

    it('refuses a type of no event of ours, field by field', async () => {
      const response = await create({ code: 'OTHER', kind: 'amount', value: 50, ticketTypeIds: ['nope'] });
      expect(response.body.details).toEqual([
        { field: 'ticketTypeIds', message: PROMO_CODE_MESSAGES.ticketTypeIds },
      ]);
    });

    it('a manager reads and exports; only an admin writes', async () => {
      expect((await server.request('GET', '/api/admin/promo-codes', { token: manager.token })).status).toBe(
        200,
      );
      const csv = await server.request('GET', '/api/admin/promo-codes/export', { token: manager.token });
      expect(csv.status).toBe(200);
      expect(csv.text).toContain('NAVRATRI-10,percent,10');
      expect((await create({ code: 'MANAGER', kind: 'unlock' }, manager.token)).status).toBe(403);
      expect((await server.request('GET', '/api/admin/promo-codes', { token: guest.token })).status).toBe(
        403,
      );
    });

    it('an unused code is deleted', async () => {
      const id = (await create({ code: 'GONE', kind: 'amount', value: 20 })).body.promoCode.id;
      const removed = await server.request('DELETE', `/api/admin/promo-codes/${id}`, { token: admin.token });
      expect(removed.status, removed.text).toBe(200);
    });
  });

  describe('the check', () => {
    beforeAll(async () => {
      await create({ code: 'BIG-DISCOUNT', kind: 'amount', value: 1000 });
      await create({ code: 'ARTISTS', kind: 'unlock', maxUses: 20 });
      await create({ code: 'OLD', kind: 'percent', value: 50, validUntil: '2026-09-01T00:00' });
      await create({ code: 'FAMILY', kind: 'percent', value: 20, minQuantity: 4 });
    });

    it('discounts only the lines of the types the code names', async () => {
      const response = await check('navratri-10', [
        { ticketTypeId: couple, quantity: 1 },
        { ticketTypeId: female, quantity: 2 },
      ]);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        valid: true,
        message: 'Code applied.',
        discount: 49.8,
        total: 599 + 2 * 224.1,
        lines: [
          {
            ticketTypeId: couple,
            name: 'Couple pass',
            quantity: 1,
            admits: 2,
            unitPrice: 599,
            discount: 0,
            total: 599,
          },
          { ticketTypeId: female, quantity: 2, unitPrice: 249, discount: 49.8, total: 448.2 },
        ],
      });
    });

    it('an amount larger than the ticket leaves it at ₹0, never below', async () => {
      const response = await check('big-discount', [{ ticketTypeId: female, quantity: 1 }]);
      expect(response.body).toMatchObject({ valid: true, total: 0, discount: 249 });
    });

    it('an access code opens the hidden types, even before anything is chosen', async () => {
      const response = await check('ARTISTS', []);
      expect(response.body).toMatchObject({
        valid: true,
        unlockedTypes: [{ id: artist, name: 'Artist pass', price: 0 }],
      });
    });

    it('a hidden type without its code is not on sale (and not named)', async () => {
      const response = await check('navratri-10', [{ ticketTypeId: artist, quantity: 1 }]);
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { field: 'items.0.ticketTypeId', message: 'This ticket type is not on sale.' },
      ]);
    });

    it("wrong, expired and too-few-tickets codes answer why, in the reader's language", async () => {
      expect((await check('NO-SUCH', [{ ticketTypeId: female, quantity: 1 }])).body).toMatchObject({
        valid: false,
        message: 'This code is not valid. Please check it and try again.',
        discount: 0,
        total: 249,
      });
      expect((await check('old', [{ ticketTypeId: female, quantity: 1 }])).body.message).toBe(
        'This code has expired.',
      );
      const few = await server.request('POST', '/api/promo-codes/check', {
        token: guest.token,
        body: { code: 'family', items: [{ ticketTypeId: female, quantity: 2 }] },
        headers: { 'accept-language': 'hi' },
      });
      expect(few.body).toMatchObject({
        valid: false,
        message: 'इस कोड के लिए उसके टिकट प्रकारों के कम से कम 4 टिकट चाहिए।',
      });
    });

    it('is rate-limited per person, so codes cannot be found by trying', async () => {
      const prober = await newUser(server);
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push((await check(`GUESS-${i}`, [], prober)).status);
      expect(answers.filter((status) => status === 200)).toHaveLength(10);
      expect(answers.slice(10)).toEqual([429, 429]);
      // Someone else is not slowed by it.
      expect((await check('GUESS-X', [], await newUser(server))).status).toBe(200);
    });
  });
});
