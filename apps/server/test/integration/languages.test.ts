import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { beforeAll, expect, it } from 'vitest';
import { findUserById } from '../../src/stores/users';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser, tokenFor, uniqueEmail } from '../../support/factories';
import { useServer } from '../../support/server';

// Error messages are answered in the caller's language (Accept-Language, which our web app sets to the
// person's choice); codes, statuses and field names are the same in every language.
describeEachDatabase('messages in the caller language', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
  });

  it('answers an unknown route in Hindi, Gujarati or English with the same code', async () => {
    const ask = (language?: string) =>
      server.request(
        'GET',
        '/api/no-such-route',
        language ? { headers: { 'accept-language': language } } : {},
      );
    const [hindi, gujarati, english, unknown] = await Promise.all([
      ask('hi-IN,hi;q=0.9,en;q=0.8'),
      ask('gu'),
      ask('en-IN'),
      ask('fr-FR'),
    ]);
    expect(hindi.status).toBe(404);
    expect(hindi.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      error: 'नहीं मिला: GET /api/no-such-route',
    });
    expect(gujarati.body).toMatchObject({ code: 'NOT_FOUND', error: 'મળ્યું નહીં: GET /api/no-such-route' });
    expect(english.body).toMatchObject({ code: 'NOT_FOUND', error: 'Not found: GET /api/no-such-route' });
    expect(unknown.body.error).toBe(english.body.error);
  });

  it("translates a form's per-field messages, keeping the fields and the code", async () => {
    const body = newEventBody({ name: '', startTime: '7pm' });
    const gujarati = await server.request('POST', '/api/event', {
      token: admin.token,
      body,
      headers: { 'accept-language': 'gu-IN' },
    });
    const english = await server.request('POST', '/api/event', { token: admin.token, body });
    expect(gujarati.status).toBe(400);
    expect(gujarati.body.code).toBe('VALIDATION_FAILED');
    expect(english.body.code).toBe('VALIDATION_FAILED');
    const byField = (details: Array<{ field: string; message: string }>) =>
      Object.fromEntries(details.map((detail) => [detail.field, detail.message]));
    expect(byField(english.body.details)).toMatchObject({
      name: EVENT_MESSAGES.name,
      startTime: EVENT_MESSAGES.startFormat,
    });
    expect(byField(gujarati.body.details)).toMatchObject({
      name: 'કાર્યક્રમનું નામ જરૂરી છે',
      startTime: 'શરૂ થવાનો સમય HH:MM સ્વરૂપમાં હોવો જોઈએ (દા.ત. 18:00)',
    });
    expect(gujarati.body.error).toBe('કૃપા કરીને ભૂલો સુધારો');
  });

  it('says "sign in" in Hindi to a caller without a token', async () => {
    const response = await server.request('GET', '/api/auth/me', { headers: { 'accept-language': 'hi' } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBeTruthy();
    expect(response.body.error).toMatch(/[\u0900-\u097F]/);
  });

  it('remembers the language a person signs in with, and the one they switch to, for their emails', async () => {
    const token = await tokenFor(server, uniqueEmail('guest'));
    const signIn = await server.request('POST', '/api/auth/google-signin', {
      body: { idToken: token },
      headers: { 'accept-language': 'gu' },
    });
    expect(signIn.status).toBe(200);
    const id = signIn.body.user.id as string;
    expect((await findUserById(server.ctx.db, id))?.language).toBe('gu');

    const switched = await server.request('PUT', '/api/auth/language', { token, body: { language: 'hi' } });
    expect(switched.body).toEqual({ success: true, language: 'hi' });
    expect((await findUserById(server.ctx.db, id))?.language).toBe('hi');

    // A header naming none of our languages (another client, a crawler) leaves the choice alone.
    await server.request('POST', '/api/auth/google-signin', {
      body: { idToken: token },
      headers: { 'accept-language': 'fr-FR' },
    });
    expect((await findUserById(server.ctx.db, id))?.language).toBe('hi');
  });

  it('refuses a language we do not speak, and a caller who is not signed in', async () => {
    const bad = await server.request('PUT', '/api/auth/language', {
      token: admin.token,
      body: { language: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'language', message: 'Language must be one of: en, hi, gu' }]);
    const anonymous = await server.request('PUT', '/api/auth/language', { body: { language: 'hi' } });
    expect(anonymous.status).toBe(401);
  });
});
