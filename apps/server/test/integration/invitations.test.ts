import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, tokenFor, uniqueEmail } from '../../support/factories';
import { type TestServer, useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// Staff invited by email (docs/product.md#staff-invitations): only admins invite, the role applies at the first
// sign-in with that verified address, an invitation can be revoked until then, and each step is audited.

function invite(server: TestServer, caller: TestUser, body: Record<string, unknown>) {
  return server.request('POST', '/api/admin/invitations', { token: caller.token, body });
}

async function signIn(server: TestServer, email: string) {
  const response = await server.request('POST', '/api/auth/google-signin', {
    body: { idToken: await tokenFor(server, email) },
  });
  expect(response.status, response.text).toBe(200);
  return response.body.user;
}

async function auditActions(server: TestServer, invitationId: string): Promise<string[]> {
  const rows = await server.ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_id', '=', invitationId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.action);
}

describeEachDatabase('staff invitations', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, {
    env: { OUTBOX_INTERVAL_MS: '86400000' },
    adjust: deliverTo(smtp),
  });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin', name: 'Asha Organiser' });
    await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { name: 'Navratri Nights', supportEmail: 'help@navratri.example' },
    });
  });

  it('an invited volunteer gets their role at their first sign-in, and the invitation is accepted once', async () => {
    const email = uniqueEmail('volunteer');
    const created = await invite(server, admin, { email: email.toUpperCase(), role: 'qrchecker' });
    expect(created.status, created.text).toBe(200);
    expect(created.body.invitation).toMatchObject({ email, role: 'qrchecker', status: 'pending' });

    const user = await signIn(server, email);
    expect(user.role).toBe('qrchecker');
    const list = await server.request('GET', '/api/admin/invitations', { token: admin.token });
    expect(
      list.body.invitations.find((i: { id: string }) => i.id === created.body.invitation.id),
    ).toMatchObject({
      status: 'accepted',
      invitedBy: { name: 'Asha Organiser', email: admin.email },
    });
    expect(await auditActions(server, created.body.invitation.id)).toEqual([
      'invitation.created',
      'invitation.accepted',
    ]);
    // A later sign-in changes nothing: the role is theirs now, as any other.
    expect((await signIn(server, email)).role).toBe('qrchecker');
  });

  it('the email goes out in the language the inviter chose, naming the organiser and the way in', async () => {
    const email = uniqueEmail('gujarati');
    await invite(server, admin, { email, role: 'manager', language: 'gu' });
    await server.app.outbox.drain();
    const mail = smtp.received.find((received) => received.to.includes(email))!;
    const message = parseMime(mail.raw);
    const text = textOf(message, 'text/plain') ?? '';
    expect(decodeHeader(message.headers.get('subject') ?? '')).toContain('Navratri Nights');
    expect(text).toContain('Asha Organiser');
    expect(text).toContain('મેનેજર');
    expect(text).toContain(`${server.config.publicUrl}/`);
  });

  it('without a chosen language the email is in the language of the inviter’s request', async () => {
    const email = uniqueEmail('hindi');
    await server.request('POST', '/api/admin/invitations', {
      token: admin.token,
      body: { email, role: 'qrchecker' },
      headers: { 'accept-language': 'hi-IN' },
    });
    await server.app.outbox.drain();
    const text = textOf(parseMime(smtp.received.find((r) => r.to.includes(email))!.raw), 'text/plain') ?? '';
    expect(text).toContain('गेट स्वयंसेवक');
  });

  it('a revoked invitation gives nothing at sign-in, and its email is not sent any more', async () => {
    const email = uniqueEmail('revoked');
    const created = await invite(server, admin, { email, role: 'manager' });
    const id = created.body.invitation.id;
    const revoked = await server.request('DELETE', `/api/admin/invitations/${id}`, { token: admin.token });
    expect(revoked.body.invitation.status).toBe('revoked');
    await server.app.outbox.drain();
    expect(smtp.received.some((received) => received.to.includes(email))).toBe(false);
    expect((await signIn(server, email)).role).toBe('guest');
    expect(await auditActions(server, id)).toEqual(['invitation.created', 'invitation.revoked']);
    const again = await server.request('DELETE', `/api/admin/invitations/${id}`, { token: admin.token });
    expect(again.status).toBe(200);
  });

  it('an accepted invitation cannot be revoked (409); an unknown one is 404', async () => {
    const email = uniqueEmail('accepted');
    const { body } = await invite(server, admin, { email, role: 'qrchecker' });
    await signIn(server, email);
    const late = await server.request('DELETE', `/api/admin/invitations/${body.invitation.id}`, {
      token: admin.token,
    });
    expect(late.status).toBe(409);
    const unknown = await server.request('DELETE', '/api/admin/invitations/no-such-invitation', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('INVITATION_NOT_FOUND');
  });

  it('a new invitation for an address replaces the open one', async () => {
    const email = uniqueEmail('twice');
    const first = await invite(server, admin, { email, role: 'qrchecker' });
    const second = await invite(server, admin, { email, role: 'manager' });
    const list = (await server.request('GET', '/api/admin/invitations', { token: admin.token })).body
      .invitations;
    const mine = list.filter((i: { email: string }) => i.email === email);
    expect(mine.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [second.body.invitation.id, 'pending'],
      [first.body.invitation.id, 'revoked'],
    ]);
    expect((await signIn(server, email)).role).toBe('manager');
  });

  it('someone with hand-issued tickets (an account not yet signed in to) gets the invited role', async () => {
    const email = uniqueEmail('issued');
    await server.request('POST', '/api/event', {
      token: admin.token,
      body: {
        name: 'Garba',
        venue: 'Ground',
        description: 'Night',
        date: '2099-10-01',
        startTime: '19:00',
        endTime: '23:00',
        ticketPrice: 299,
        groupPrice4: 249,
        totalTickets: 100,
      },
    });
    await issueManual(server, admin.token, { userName: 'Issued Person', userEmail: email, quantity: 1 });
    await invite(server, admin, { email, role: 'manager' });
    expect((await signIn(server, email)).role).toBe('manager');
  });

  it('refuses inviting oneself (400) and someone who already has an account (409 ALREADY_REGISTERED)', async () => {
    const self = await invite(server, admin, { email: admin.email, role: 'qrchecker' });
    expect(self.status).toBe(400);
    const member = await newUser(server);
    const existing = await invite(server, admin, { email: member.email, role: 'manager' });
    expect(existing.status).toBe(409);
    expect(existing.body.code).toBe('ALREADY_REGISTERED');
  });

  it('only admins invite, list and revoke', async () => {
    const manager = await newUser(server, { role: 'manager' });
    const checker = await newUser(server, { role: 'qrchecker' });
    for (const caller of [manager, checker]) {
      expect((await invite(server, caller, { email: uniqueEmail(), role: 'qrchecker' })).status).toBe(403);
      expect((await server.request('GET', '/api/admin/invitations', { token: caller.token })).status).toBe(
        403,
      );
      expect(
        (await server.request('DELETE', '/api/admin/invitations/x', { token: caller.token })).status,
      ).toBe(403);
    }
  });

  it('refuses a guest role, an unknown role and a bad address with per-field details', async () => {
    for (const body of [
      { email: uniqueEmail(), role: 'guest' },
      { email: uniqueEmail(), role: 'owner' },
      { email: 'nope', role: 'manager' },
    ]) {
      const response = await invite(server, admin, body);
      expect(response.status).toBe(400);
      expect(response.body.details?.length).toBeGreaterThan(0);
    }
  });

  it('a sign-in and a revocation at the same moment: either the role applies or the invitation is revoked, never both', async () => {
    const emails = Array.from({ length: 12 }, () => uniqueEmail('race'));
    const ids: string[] = [];
    for (const email of emails)
      ids.push((await invite(server, admin, { email, role: 'manager' })).body.invitation.id);
    const tokens = await Promise.all(emails.map((email) => tokenFor(server, email)));
    await Promise.all(
      emails.flatMap((_, i) => [
        server.request('POST', '/api/auth/google-signin', { body: { idToken: tokens[i] } }),
        server.request('DELETE', `/api/admin/invitations/${ids[i]}`, { token: admin.token }),
      ]),
    );
    for (const [i, email] of emails.entries()) {
      const row = await server.ctx.db
        .selectFrom('staff_invitations')
        .selectAll()
        .where('id', '=', ids[i]!)
        .executeTakeFirstOrThrow();
      const user = await server.ctx.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.accepted_at) !== Boolean(row.revoked_at)).toBe(true);
      expect(user.role).toBe(row.accepted_at ? 'manager' : 'guest');
    }
  });

  it('invitations for one address sent at the same moment leave exactly one open', async () => {
    const email = uniqueEmail('burst');
    const responses = await Promise.all(
      ['qrchecker', 'manager', 'admin', 'qrchecker'].map((role) => invite(server, admin, { email, role })),
    );
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const open = await server.ctx.db
      .selectFrom('staff_invitations')
      .select('id')
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });
});
