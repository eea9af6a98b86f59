import { randomUUID } from 'node:crypto';
import { MESSAGE_MAILS_PER_MINUTE } from '@utsav/domain/guest-messages';
import { beforeAll, expect, it } from 'vitest';
import { setUserLanguage } from '../../src/stores/users';
import { insertRows, ticketRow, userRow } from '../../support/admin-fixtures';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, outboxRows, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// Messages to guests over real HTTP, on SQLite and PostgreSQL: who may send, the audiences (each person once),
// a test only to the asker, the organiser's text escaped in the mail, each person's language, and the progress
// counts moving as the outbox is drained step by step on the app's clock.

const MESSAGES = '/api/admin/messages';
const TEXTS = {
  subject: 'Rain tonight',
  body: 'Gates open at 8.',
  subjectHi: 'आज रात बारिश',
  bodyHi: 'गेट 8 बजे खुलेंगे।',
  subjectGu: 'આજે રાત્રે વરસાદ',
  bodyGu: 'ગેટ 8 વાગ્યે ખુલશે.',
};
const SUBJECT_BY_LANGUAGE: Record<string, string> = {
  en: TEXTS.subject,
  hi: TEXTS.subjectHi,
  gu: TEXTS.subjectGu,
};

describeEachDatabase('messages to guests', (engine) => {
  const smtp = useSmtp();
  const clock = testClock();
  const server = useServer(engine, {
    env: PURCHASE_ENV,
    now: clock.now,
    adjust: deliverTo(smtp),
  });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let defaultType: string;
  let vipType: string;
  /** The cast, by what they hold. */
  const people: Record<string, { id: string; email: string }> = {};

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin', name: 'Admin Person' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
    event = await newEvent(server, { totalTickets: 20_000 });
    const types = await server.request('GET', '/api/admin/ticket-types', { token: admin.token });
    defaultType = types.body.ticketTypes[0].id;
    const vip = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'VIP', price: 999, colour: '#1D4ED8' },
    });
    expect(vip.status, vip.text).toBe(200);
    vipType = vip.body.ticketType.id;

    const stamp = clock.now().toISOString();
    const cast = {
      twoActive: userRow({ language: 'hi' }),
      admitted: userRow({ language: 'gu' }),
      vipActive: userRow({ language: null }),
      cancelledOnly: userRow(),
      deleted: userRow({ deleted_at: stamp }),
      waiting: userRow({ language: 'gu' }),
    };
    await insertRows(server.ctx.db, 'users', Object.values(cast));
    for (const [name, row] of Object.entries(cast)) people[name] = { id: row.id, email: row.email };
    const at = { eventId: event.id };
    await insertRows(server.ctx.db, 'tickets', [
      ticketRow({ ...at, userId: cast.twoActive.id }, { ticket_type_id: defaultType }),
      ticketRow({ ...at, userId: cast.twoActive.id }, { ticket_type_id: defaultType, seq: 2 }),
      ticketRow(
        { ...at, userId: cast.admitted.id },
        { ticket_type_id: vipType, status: 'used', used_at: stamp },
      ),
      ticketRow({ ...at, userId: cast.vipActive.id }, { ticket_type_id: vipType }),
      ticketRow(
        { ...at, userId: cast.cancelledOnly.id },
        { ticket_type_id: defaultType, status: 'cancelled' },
      ),
      ticketRow({ ...at, userId: cast.deleted.id }, { ticket_type_id: defaultType }),
    ]);
    await server.ctx.db
      .insertInto('waitlist_entries')
      .values({
        id: randomUUID(),
        event_id: event.id,
        ticket_type_id: null,
        type_line: 0,
        user_id: cast.waiting.id,
        quantity: 2,
        status: 'waiting',
        joined_at: stamp,
        offer_order_id: null,
        offered_at: null,
        ended_at: null,
        updated_at: stamp,
      })
      .execute();
  });

  const preview = (body: Record<string, unknown>, query = '') =>
    server.request('POST', `${MESSAGES}/preview${query}`, {
      token: admin.token,
      body: { ...TEXTS, ...body },
    });

  async function send(body: Record<string, unknown>) {
    const response = await server.request('POST', MESSAGES, {
      token: admin.token,
      body: { ...TEXTS, ...body },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.message;
  }

  async function queuedTo(messageId: string): Promise<string[]> {
    const rows = await outboxRows(server, 'guest-message');
    return rows
      .filter((row) => row.payload.messageId === messageId)
      .map((row) => row.payload.userId)
      .sort();
  }

  it('only an admin may preview, send or read messages', async () => {
    const calls = [
      ['POST', `${MESSAGES}/preview`],
      ['POST', MESSAGES],
      ['GET', MESSAGES],
      ['GET', `${MESSAGES}/${randomUUID()}`],
    ] as const;
    for (const [method, path] of calls) {
      const body = method === 'POST' ? { ...TEXTS, audience: 'holders' } : undefined;
      for (const who of [manager, guest]) {
        expect((await server.request(method, path, { token: who.token, body })).status).toBe(403);
      }
      expect((await server.request(method, path, { body })).status).toBe(401);
    }
    expect(await outboxRows(server, 'guest-message')).toEqual([]);
  });

  it('refuses bad input field by field', async () => {
    const bad = await server.request('POST', MESSAGES, {
      token: admin.token,
      body: { subject: '', body: 'x', audience: 'everyone', subjectHi: 'बारिश' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'audience',
      'subject',
    ]);
    const half = await preview({ audience: 'holders', subjectHi: 'बारिश', bodyHi: '' });
    expect(half.status).toBe(400);
    expect(half.body.details.map((detail: { field: string }) => detail.field)).toEqual(['bodyHi']);
    const unknownType = await preview({ audience: 'holders', ticketTypeIds: [vipType, 'no-such-type'] });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.details).toEqual([{ field: 'ticketTypeIds.1', message: expect.any(String) }]);
    expect((await server.request('GET', `${MESSAGES}/${randomUUID()}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('counts each audience, each person once, without the deleted or the cancelled', async () => {
    const counts: Record<string, number> = {};
    for (const audience of ['holders', 'not-admitted', 'admitted', 'waitlist']) {
      const answer = await preview({ audience });
      expect(answer.status, answer.text).toBe(200);
      counts[audience] = answer.body.recipients;
    }
    expect(counts).toEqual({ holders: 3, 'not-admitted': 2, admitted: 1, waitlist: 1 });
    expect((await preview({ audience: 'holders', ticketTypeIds: [vipType] })).body.recipients).toBe(2);
    // The waiting place has no type: it waits for the default one.
    expect((await preview({ audience: 'waitlist', ticketTypeIds: [defaultType] })).body.recipients).toBe(1);
    expect((await preview({ audience: 'waitlist', ticketTypeIds: [vipType] })).body.recipients).toBe(0);
  });

  it('sends to the audience narrowed to types, one mail per person however many tickets', async () => {
    const message = await send({ audience: 'not-admitted', ticketTypeIds: [defaultType, vipType] });
    expect(message).toMatchObject({
      recipients: 2,
      queued: 2,
      sent: 0,
      failed: 0,
      test: false,
      languages: ['en', 'hi', 'gu'],
      audience: 'not-admitted',
    });
    expect(await queuedTo(message.id)).toEqual([people.twoActive!.id, people.vipActive!.id].sort());
    const waitlist = await send({ audience: 'waitlist' });
    expect(await queuedTo(waitlist.id)).toEqual([people.waiting!.id]);
  });

  it('refuses a message to an audience nobody is in, and records nothing', async () => {
    const before = (await outboxRows(server, 'guest-message')).length;
    const listed = (await server.request('GET', MESSAGES, { token: admin.token })).body.messages.length;
    // Nobody has come in on a ticket of the default type.
    const empty = await server.request('POST', MESSAGES, {
      token: admin.token,
      body: { ...TEXTS, audience: 'admitted', ticketTypeIds: [defaultType] },
    });
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({
      code: 'CONFLICT',
      error: 'Nobody is in this audience: the message was not sent',
    });
    expect((await outboxRows(server, 'guest-message')).length).toBe(before);
    expect((await server.request('GET', MESSAGES, { token: admin.token })).body.messages).toHaveLength(
      listed,
    );
  });

  it('the same send key twice, even at the same moment, queues the message once', async () => {
    const idempotencyKey = `send-${engine}-0123456789abcdef`;
    const body = { ...TEXTS, audience: 'waitlist', idempotencyKey };
    const [first, second] = await Promise.all([
      server.request('POST', MESSAGES, { token: admin.token, body }),
      server.request('POST', MESSAGES, { token: admin.token, body }),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(second.body.message.id).toBe(first.body.message.id);
    expect(await queuedTo(first.body.message.id)).toEqual([people.waiting!.id]);
    const again = await send({ audience: 'waitlist', idempotencyKey });
    expect(again.id).toBe(first.body.message.id);
    expect(await queuedTo(first.body.message.id)).toEqual([people.waiting!.id]);
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity_id', '=', first.body.message.id)
      .execute();
    expect(audits).toHaveLength(1);

    // Another admin's request with that key is refused; a malformed key is named.
    const other = await newUser(server, { role: 'admin' });
    const taken = await server.request('POST', MESSAGES, { token: other.token, body });
    expect(taken.status).toBe(409);
    const bad = await server.request('POST', MESSAGES, {
      token: admin.token,
      body: { ...body, idempotencyKey: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('idempotencyKey');
  });

  it('a test goes to the asker alone, at once, in their language', async () => {
    await setUserLanguage(server.ctx.db, admin.user.id, 'hi');
    const before = smtp.received.length;
    const message = await send({ audience: 'holders', test: true });
    expect(message).toMatchObject({ recipients: 1, test: true });
    expect(await queuedTo(message.id)).toEqual([admin.user.id]);
    await server.app.outbox.drain(clock.now());
    const mine = smtp.received.slice(before).filter((mail) => mail.to.includes(admin.email));
    expect(mine).toHaveLength(1);
    expect(decodeHeader(parseMime(mine[0]!.raw).headers.get('subject') ?? '')).toBe(TEXTS.subjectHi);
    const after = await server.request('GET', `${MESSAGES}/${message.id}`, { token: admin.token });
    expect(after.body.message).toMatchObject({ recipients: 1, queued: 0, sent: 1, failed: 0 });
    await setUserLanguage(server.ctx.db, admin.user.id, 'en');
  });

  it('escapes the organiser text in the mail and keeps its links', async () => {
    const body =
      'Hello <script>alert(1)</script> & "friends"\n\nMap: https://maps.example.com/nsci?a=1&b=2.\n</td></tr><img src=x onerror=alert(2)>';
    const shown = await preview({ audience: 'holders', body, subject: 'A <b>bold</b> night' });
    expect(shown.status, shown.text).toBe(200);
    const { html, text, subject } = shown.body.email;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;');
    expect(html).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<a href="https://maps.example.com/nsci?a=1&amp;b=2"');
    expect(subject).toBe('A <b>bold</b> night');
    expect(text).toContain('Hello <script>alert(1)</script> & "friends"');

    const before = smtp.received.length;
    await send({ audience: 'holders', body, test: true });
    await server.app.outbox.drain(clock.now());
    const sent = parseMime(smtp.received.slice(before)[0]!.raw);
    expect(textOf(sent, 'text/html')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(textOf(sent, 'text/html')).not.toContain('<script>');
  });

  it('queues exactly one mail for each of 5,000 holders, each read in their language, and counts move as they go', async () => {
    const languages = [null, 'en', 'hi', 'gu'] as const;
    const users = Array.from({ length: 5000 }, (_, index) =>
      userRow({ language: languages[index % languages.length] ?? null }),
    );
    await insertRows(server.ctx.db, 'users', users);
    // Every third holder has two tickets, one of them admitted: still one mail.
    const tickets = users.flatMap((user, index) => [
      ticketRow({ eventId: event.id, userId: user.id }, { ticket_type_id: defaultType }),
      ...(index % 3 === 0
        ? [
            ticketRow(
              { eventId: event.id, userId: user.id },
              { ticket_type_id: defaultType, seq: 2, status: 'used' },
            ),
          ]
        : []),
    ]);
    await insertRows(server.ctx.db, 'tickets', tickets);
    const languageOf = new Map(users.map((user) => [user.email, user.language ?? 'en']));
    // The earlier messages' mails go first, so this one's are spread from now.
    clock.advance(1000);
    while ((await server.app.outbox.drain(clock.now())) > 0) {
      // one batch a pass, until none is due
    }

    const started = performance.now();
    const message = await send({ audience: 'holders' });
    const took = performance.now() - started;
    console.info(
      `[messages] ${engine}: a message to ${message.recipients} holders queued in ${Math.round(took)} ms`,
    );
    expect(message.recipients).toBe(5003);

    const queued = await queuedTo(message.id);
    expect(queued).toHaveLength(5003);
    expect(new Set(queued).size).toBe(5003);
    for (const user of users.slice(0, 50)) expect(queued).toContain(user.id);

    // The mails are spread at the rate: at the start only the first is due; ten seconds on, ten seconds' worth.
    const before = smtp.received.length;
    await server.app.outbox.drain(clock.now());
    let progress = (await server.request('GET', `${MESSAGES}/${message.id}`, { token: admin.token })).body
      .message;
    expect(progress).toMatchObject({ recipients: 5003, sent: 1, queued: 5002, failed: 0 });
    clock.advance(10_000);
    const tenSeconds = MESSAGE_MAILS_PER_MINUTE / 6;
    while ((await server.app.outbox.drain(clock.now())) > 0) {
      // one batch a pass, until none is due
    }
    progress = (await server.request('GET', MESSAGES, { token: admin.token })).body.messages[0];
    expect(progress.id).toBe(message.id);
    expect(progress.sent).toBe(tenSeconds + 1);
    expect(progress.queued).toBe(5003 - tenSeconds - 1);

    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(tenSeconds + 1);
    let checked = 0;
    for (const mail of mails) {
      const language = languageOf.get(mail.to[0]!);
      if (!language) continue;
      expect(decodeHeader(parseMime(mail.raw).headers.get('subject') ?? '')).toBe(
        SUBJECT_BY_LANGUAGE[language],
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(tenSeconds - 5);

    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'message.sent', actor_user_id: admin.user.id });
    expect(JSON.parse(audit.data ?? '{}')).toMatchObject({ recipients: 5003, audience: 'holders' });
  }, 240_000);
});
