import { CHECKOUT_ANSWER_MESSAGES as A } from '@utsav/domain/checkout-answers';
import { CHECKOUT_QUESTION_MESSAGES as Q } from '@utsav/domain/checkout-questions';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { createOrder, newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';

// Questions at checkout: the organiser's list (admins change it, managers read it), GET /event asking them in the
// guest's language, create-order refusing a missing or wrong answer on the question's own field before anything is
// held, and the answers kept with the order and read back in Ticket Management and at the gate.

describeEachDatabase('checkout questions', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let checker: TestUser;
  let buyer: TestUser;
  let vipType: string;
  let ids: Record<string, string>;

  const QUESTIONS = () => [
    { kind: 'phone', label: 'Mobile number', labelHi: 'मोबाइल नंबर', required: true, perTicket: true },
    { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
    { kind: 'choice', label: 'Dandiya sticks', options: ['Own', 'Rent'], required: true, perTicket: false },
    { kind: 'text', label: 'Table name', required: true, perTicket: true, ticketTypeIds: [vipType] },
    { kind: 'yes-no', label: 'First garba?', required: false, perTicket: false },
  ];

  const put = (who: TestUser, body: unknown) =>
    server.request('PUT', '/api/admin/checkout-questions', { token: who.token, body });
  const orderCount = async () => (await server.ctx.db.selectFrom('orders').select('id').execute()).length;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500 });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    checker = await newUser(server, { role: 'qrchecker' });
    buyer = await newUser(server, { name: 'Hetal Desai' });
    const type = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'VIP table', price: 999 },
    });
    expect(type.status, type.text).toBe(200);
    vipType = type.body.ticketType.id;
  });

  it('admins save the list; managers read it; guests and gate staff may do neither', async () => {
    expect((await put(manager, { questions: QUESTIONS() })).status).toBe(403);
    expect((await put(buyer, { questions: QUESTIONS() })).status).toBe(403);
    expect(
      (await server.request('GET', '/api/admin/checkout-questions', { token: checker.token })).status,
    ).toBe(403);
    const saved = await put(admin, { questions: QUESTIONS() });
    expect(saved.status, saved.text).toBe(200);
    ids = Object.fromEntries(saved.body.questions.map((q: { kind: string; id: string }) => [q.kind, q.id]));
    const read = await server.request('GET', '/api/admin/checkout-questions', { token: manager.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.questions.map((q: { label: string }) => q.label)).toEqual([
      'Mobile number',
      'I confirm I am 18 or older',
      'Dandiya sticks',
      'Table name',
      'First garba?',
    ]);
    expect(read.body.questions[3].ticketTypeIds).toEqual([vipType]);
  });

  it('refuses a sixth own question, an unknown type and a choice without options, on their fields', async () => {
    const own = Array.from({ length: 6 }, (_, i) => ({
      kind: 'text',
      label: `Q${i}`,
      required: false,
      perTicket: false,
    }));
    const tooMany = await put(admin, { questions: own });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toContainEqual({ field: 'questions', message: Q.tooManyOwn });
    const badType = await put(admin, {
      questions: [{ kind: 'text', label: 'X', required: false, perTicket: false, ticketTypeIds: ['nope'] }],
    });
    expect(badType.status).toBe(400);
    expect(badType.body.details).toEqual([{ field: 'questions.0.ticketTypeIds', message: Q.ticketTypes }]);
    const choice = await put(admin, {
      questions: [{ kind: 'choice', label: 'X', required: true, perTicket: false }],
    });
    expect(choice.body.details).toEqual([{ field: 'questions.0.options', message: Q.optionsCount }]);
    // Nothing of it was saved.
    const read = await server.request('GET', '/api/admin/checkout-questions', { token: admin.token });
    expect(read.body.questions).toHaveLength(5);
  });

  it('GET /event asks them in the guest’s language (English where none was written)', async () => {
    const hi = await server.request('GET', '/api/event', { headers: { 'accept-language': 'hi' } });
    expect(hi.status, hi.text).toBe(200);
    const asked = hi.body.data.checkoutQuestions;
    expect(asked.map((q: { label: string }) => q.label)).toEqual([
      'मोबाइल नंबर',
      'I confirm I am 18 or older',
      'Dandiya sticks',
      'Table name',
      'First garba?',
    ]);
    expect(asked[2]).toMatchObject({
      kind: 'choice',
      options: ['Own', 'Rent'],
      required: true,
      perTicket: false,
    });
    expect(asked[0]).not.toHaveProperty('labelHi');
  });

  it('refuses missing and wrong answers per question (and per ticket), holding nothing', async () => {
    const before = await orderCount();
    const refused = await createOrder(server, buyer, event, 2, {
      answers: [
        { questionId: ids.phone, value: '12345', ticketIndex: 0 },
        { questionId: ids.choice, value: 'Borrow' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.details).toEqual([
      { field: `answers.${ids.phone}.0`, message: A.phone },
      { field: `answers.${ids.phone}.1`, message: A.required },
      { field: `answers.${ids['age-18']}`, message: A.age },
      { field: `answers.${ids.choice}`, message: A.choice },
    ]);
    // The booking path asks the same.
    const booked = await server.request('POST', '/api/tickets', {
      token: buyer.token,
      body: { quantity: 1 },
    });
    expect(booked.status).toBe(400);
    expect(booked.body.details.map((d: { field: string }) => d.field)).toContain(`answers.${ids['age-18']}`);
    expect(await orderCount()).toBe(before);
  });

  it('a refusal is said in the buyer’s language', async () => {
    const refused = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      headers: { 'accept-language': 'gu' },
      body: {
        quantity: 1,
        amount: event.ticketPrice,
        pricePerTicket: event.ticketPrice,
        eventId: event.id,
        answers: [
          { questionId: ids.phone, value: '9876543210', ticketIndex: 0 },
          { questionId: ids.choice, value: 'Own' },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: `answers.${ids['age-18']}`, message: 'કૃપા કરીને ખાતરી કરો કે તમારી ઉંમર 18 વર્ષ કે તેથી વધુ છે' },
    ]);
  });

  it('keeps the answers with the order, and shows each ticket’s in Ticket Management and at the gate', async () => {
    const order = await createOrder(server, buyer, event, 2, {
      answers: [
        { questionId: ids.phone, value: '98765 43210', ticketIndex: 0 },
        { questionId: ids.phone, value: '+91 91234-56789', ticketIndex: 1 },
        { questionId: ids['age-18'], value: true },
        { questionId: ids.choice, value: 'Rent' },
        { questionId: ids['yes-no'], value: false },
        // The VIP question is not asked of an order of the default type: left out.
        { questionId: ids.text, value: 'Table 4', ticketIndex: 0 },
      ],
    });
    expect(order.status, order.text).toBe(200);
    const row = await server.ctx.db
      .selectFrom('orders')
      .select('checkout_answers')
      .where('razorpay_order_id', '=', order.body.orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.checkout_answers!)).toEqual([
      {
        questionId: ids.phone,
        kind: 'phone',
        label: 'Mobile number',
        value: '+919876543210',
        ticketIndex: 0,
      },
      {
        questionId: ids.phone,
        kind: 'phone',
        label: 'Mobile number',
        value: '+919123456789',
        ticketIndex: 1,
      },
      {
        questionId: ids['age-18'],
        kind: 'age-18',
        label: 'I confirm I am 18 or older',
        value: 'yes',
        ticketIndex: null,
      },
      { questionId: ids.choice, kind: 'choice', label: 'Dandiya sticks', value: 'Rent', ticketIndex: null },
      { questionId: ids['yes-no'], kind: 'yes-no', label: 'First garba?', value: 'no', ticketIndex: null },
    ]);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    const second = verified.body.tickets[1];

    const answers = await server.request('GET', `/api/admin/tickets/${second.id}/answers`, {
      token: manager.token,
    });
    expect(answers.status, answers.text).toBe(200);
    expect(answers.body.answers).toEqual([
      {
        questionId: ids.phone,
        kind: 'phone',
        label: 'Mobile number',
        value: '+91 91234 56789',
        perTicket: true,
      },
      {
        questionId: ids['age-18'],
        kind: 'age-18',
        label: 'I confirm I am 18 or older',
        value: 'Yes',
        perTicket: false,
      },
      { questionId: ids.choice, kind: 'choice', label: 'Dandiya sticks', value: 'Rent', perTicket: false },
      { questionId: ids['yes-no'], kind: 'yes-no', label: 'First garba?', value: 'No', perTicket: false },
    ]);
    expect(
      (await server.request('GET', `/api/admin/tickets/${second.id}/answers`, { token: buyer.token })).status,
    ).toBe(403);
    expect(
      (await server.request('GET', '/api/admin/tickets/nope/answers', { token: admin.token })).status,
    ).toBe(404);

    const found = await server.request(
      'GET',
      `/api/tickets/checkin/search?q=${encodeURIComponent('Hetal')}`,
      {
        token: checker.token,
      },
    );
    expect(found.status, found.text).toBe(200);
    const phones = found.body.tickets.map((ticket: { id: string; phone: string | null }) => [
      ticket.id,
      ticket.phone,
    ]);
    expect(phones).toContainEqual([verified.body.tickets[0].id, '+91 98765 43210']);
    expect(phones).toContainEqual([second.id, '+91 91234 56789']);

    // The gate's offline list, kept on every volunteer's phone, carries no mobile number (decision 0617).
    const list = await server.request('GET', '/api/tickets/checkin/snapshot', { token: checker.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.tickets.map((ticket: { id: string }) => ticket.id)).toContain(second.id);
    // Ids and keyed digests are random text that could hold any five digits: everything else is looked at.
    const { tickets: listed, ...rest } = list.body;
    const shown = listed.map(({ id, codeDigest, ...ticket }: { id: string; codeDigest: string }) => ticket);
    expect(JSON.stringify([rest, shown])).not.toMatch(/98765|43210|91234|56789|phone|mobile/i);
  });

  it('a question for a type is asked, per ticket, only of that type’s tickets', async () => {
    const base = [
      { questionId: ids['age-18'], value: 'yes' },
      { questionId: ids.choice, value: 'Own' },
    ];
    const items = {
      items: [{ ticketTypeId: vipType, quantity: 1 }],
      quantity: undefined,
      pricePerTicket: undefined,
      amount: 999,
    };
    const missing = await createOrder(server, buyer, event, 1, {
      ...items,
      answers: [...base, { questionId: ids.phone, value: '9876543210', ticketIndex: 0 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: `answers.${ids.text}.0`, message: A.required }]);
    const answered = await createOrder(server, buyer, event, 1, {
      ...items,
      answers: [
        ...base,
        { questionId: ids.phone, value: '9876543210', ticketIndex: 0 },
        { questionId: ids.text, value: 'Table 4', ticketIndex: 0 },
      ],
    });
    expect(answered.status, answered.text).toBe(200);
  });

  it('saving again keeps the ids sent, so earlier answers stay with their question; an empty list asks nothing', async () => {
    const read = await server.request('GET', '/api/admin/checkout-questions', { token: admin.token });
    const reordered = [...read.body.questions].reverse();
    const saved = await put(admin, { questions: reordered });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.questions.map((q: { id: string }) => q.id)).toEqual(reordered.map((q) => q.id));
    const cleared = await put(admin, { questions: [] });
    expect(cleared.body.questions).toEqual([]);
    const free = await createOrder(server, buyer, event, 1);
    expect(free.status, free.text).toBe(200);
  });
});
