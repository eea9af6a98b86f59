import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the catalog, with its options (zod schemas included), in order. */
    routeCatalog: readonly RouteOptions[];
  }
}

/**
 * Keeps each route's options as registered. Must be called before any route is added: the test suite fuzzes
 * every API route from its schemas, so a route someone adds later is covered without editing the tests.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}
