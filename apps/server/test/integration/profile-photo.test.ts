import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { useServer } from '../../support/server';

// PUT /auth/profile used to store any photoURL (a `javascript:` link, a tracker's pixel),
// which staff then saw in the users list. Only the identity provider's photo hosts are kept now (and, in
// development, the development identity provider's own origin), and the page's CSP img-src lists only those.

describeEachDatabase('profile photos', (engine) => {
  const server = useServer(engine);
  let person: TestUser;

  beforeAll(async () => {
    person = await newUser(server);
  });

  function setPhoto(photoURL: string) {
    return server.request('PUT', '/api/auth/profile', { token: person.token, body: { photoURL } });
  }

  async function storedPhoto(): Promise<string | null> {
    const row = await server.ctx.db
      .selectFrom('users')
      .select('photo_url')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    return row.photo_url;
  }

  it.each([
    'javascript:alert(document.cookie)',
    'https://tracker.example.com/pixel.gif?who=staff',
    'http://lh3.googleusercontent.com/a/plain-http',
    'https://lh3.googleusercontent.com.evil.example/a.png',
  ])('refuses %s with a 400 on the field, and keeps the old photo', async (photoURL) => {
    const before = await storedPhoto();
    const response = await setPhoto(photoURL);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'photoURL', message: 'The photo must be an https image from your Google account' }],
    });
    expect(await storedPhoto()).toBe(before);
  });

  it('keeps a Google account photo', async () => {
    const photoURL = 'https://lh3.googleusercontent.com/a/ACg8ocK-photo=s96-c';
    const response = await setPhoto(photoURL);
    expect(response.status, response.text).toBe(200);
    expect(response.body.user.photoURL).toBe(photoURL);
    expect(await storedPhoto()).toBe(photoURL);
  });

  it("in development, keeps a photo on the development identity provider's own origin", async () => {
    const photoURL = `${new URL(server.config.publicUrl).origin}/dev-identity/photo.png`;
    expect((await setPhoto(photoURL)).status).toBe(200);
    expect(await storedPhoto()).toBe(photoURL);
  });

  it('the photo the identity provider gave at sign-in may be sent back unchanged', async () => {
    const { token, user } = await newUser(server);
    // As if the ID token had carried it (the development provider signs whatever picture it is given).
    const fromToken = 'https://example.com/from-the-token.png';
    await server.ctx.db
      .updateTable('users')
      .set({ photo_url: fromToken })
      .where('id', '=', user.id)
      .execute();
    const response = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: 'Same Photo', photoURL: fromToken },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.user.photoURL).toBe(fromToken);
  });

  it("the page's CSP img-src no longer allows any https host", async () => {
    const response = await server.request('GET', '/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src')) ?? '';
    expect(imgSrc).toContain('https://lh3.googleusercontent.com');
    expect(imgSrc.trim().split(/\s+/)).not.toContain('https:');
  });
});
