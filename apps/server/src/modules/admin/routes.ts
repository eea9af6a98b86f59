import type { FastifyPluginAsync } from 'fastify';
import adminAnalyticsRoutes from './analytics-routes';
import adminIssuanceRoutes from './issuance-routes';
import adminSystemRoutes from './system-routes';
import adminTicketsRoutes from './tickets-routes';
import adminUsersRoutes from './users-routes';

// The admin and manager panels' calls (docs/product.md#api). Every route names its action from the permission
// table (@utsav/domain/roles); requireAction enforces it before the body is read.

const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminUsersRoutes);
  await app.register(adminTicketsRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminIssuanceRoutes);
  await app.register(adminSystemRoutes);
};

export default adminRoutes;
