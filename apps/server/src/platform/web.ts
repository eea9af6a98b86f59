import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler';
import { builtDocuments } from './web-documents';

// Paths the SPA never owns: a miss there is a real 404, not a client-side route.
const NOT_SPA = /^\/(api|dev-auth|razorpay-emulator|assets)(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Utsav - web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The web app is not built yet</h1>
<p>The API is running. Build the web app with <code>npm run build</code> (or start everything with
<code>npm start</code>) and reload this page.</p>
<p>Health: <a href="/api/health">/api/health</a> &middot; API description: <a href="/api/docs/json">/api/docs/json</a></p>
</body></html>`;

/**
 * Serves apps/web/dist; any other GET outside the API gets a document React Router can route: an installed
 * app's start page its own (with its pre-rendered first screen, web-documents.ts), with or without a final
 * slash, any other address index.html.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  const documents = builtDocuments(distDir);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so those never change; the documents must always revalidate.
        reply.header('cache-control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(path))
      return sendNotFound(request, reply);
    if (!built)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    const document = documents.get(path.replace(/(.)\/$/, '$1')) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(document);
  });
}
