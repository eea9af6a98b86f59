import { okResponseSchema } from '@utsav/domain/api/common';
import { languageResponseSchema, signInResponseSchema, userResponseSchema } from '@utsav/domain/api/users';
import { googleSignInSchema, languageUpdateSchema, profileUpdateSchema } from '@utsav/domain/auth-schemas';
import { requestedLanguage } from '@utsav/domain/languages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor, bearerToken, identityOf } from '../../platform/auth/plugin';
import { setUserLanguage } from '../../stores/users';
import { toUserJson } from '../users/presenter';
import { identityRateLimit } from './rate-limit';
import { assignAdmin, signIn, updateProfile } from './service';

const userResponse = { 200: userResponseSchema };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.ctx.config;
  // Per account once signed in (assign-admin), so people sharing an address do not share an allowance.
  const limited = {
    rateLimit: {
      max: rateLimits.authPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    },
  };
  // Sign-in: a high ceiling per address (carrier NAT, a college's Wi-Fi) before the body is read, then the
  // real allowance per verified identity once it is.
  const perAddress = {
    rateLimit: { max: rateLimits.authPerAddressPerMinute, timeWindow: '1 minute' },
  };

  app.post(
    '/auth/google-signin',
    {
      config: perAddress,
      preHandler: identityRateLimit(app, rateLimits.authPerMinute),
      schema: {
        tags: ['auth'],
        body: googleSignInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request) => {
      const { user, isNewUser } = await signIn(app.ctx, request.body.idToken);
      // Our web app sends the person's chosen language; their later emails and PDFs are written in it.
      const language = requestedLanguage(request.headers['accept-language']);
      if (language) await setUserLanguage(app.ctx.db, user.id, language);
      return { success: true as const, user: toUserJson(user), isNewUser };
    },
  );

  app.get(
    '/auth/me',
    { onRequest: app.requireUser, schema: { tags: ['auth'], response: userResponse } },
    // Not async: the answer is at hand, and a promise per request was a visible share of this read.
    (request) => ({
      success: true as const,
      user: toUserJson(actor(request)),
    }),
  );

  app.get(
    '/auth/profile',
    { onRequest: app.requireUser, schema: { tags: ['auth'], response: userResponse } },
    (request) => ({
      success: true as const,
      user: toUserJson(actor(request)),
    }),
  );

  app.put(
    '/auth/profile',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], body: profileUpdateSchema, response: userResponse },
    },
    async (request) => ({
      success: true as const,
      user: toUserJson(await updateProfile(app.ctx, actor(request), request.body)),
    }),
  );

  app.put(
    '/auth/language',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        body: languageUpdateSchema,
        response: { 200: languageResponseSchema },
      },
    },
    async (request) => {
      await setUserLanguage(app.ctx.db, actor(request).id, request.body.language);
      return { success: true as const, language: request.body.language };
    },
  );

  app.post(
    '/auth/assign-admin',
    { config: limited, onRequest: app.requireUser, schema: { tags: ['auth'], response: userResponse } },
    async (request) => ({
      success: true as const,
      user: toUserJson(await assignAdmin(app.ctx, actor(request), identityOf(request))),
    }),
  );

  // Stateless: the ID token stays valid until it expires; sign-out drops our cached claims and the client
  // forgets the token. Works with an expired or absent token so a client can always sign out.
  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: okResponseSchema } } },
    async (request) => {
      const token = bearerToken(request);
      if (token) app.ctx.verifier.forget(token);
      return { success: true as const };
    },
  );
};

export default authRoutes;
