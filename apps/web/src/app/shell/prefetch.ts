import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@utsav/domain/roles';
import { analyticsQueryOptions } from '../../features/admin/analytics/api/get-analytics';
import { ticketStatsQueryOptions } from '../../features/admin/dashboard/api/get-ticket-stats';
import { userCountQueryOptions } from '../../features/admin/dashboard/api/get-user-count';
import { myTicketsQueryOptions } from '../../features/tickets/api/get-my-tickets';

/**
 * After a login on the landing page (docs/product.md#landing): admins get analytics, ticket stats and the user count,
 * guests their own tickets. prefetchQuery never throws, so an endpoint that fails costs nothing.
 */
export function prefetchAfterLogin(queryClient: QueryClient, role: Role): void {
  if (role === 'admin') {
    void queryClient.prefetchQuery(analyticsQueryOptions());
    void queryClient.prefetchQuery(ticketStatsQueryOptions());
    void queryClient.prefetchQuery(userCountQueryOptions());
  } else if (role === 'guest') {
    void queryClient.prefetchQuery(myTicketsQueryOptions());
  }
}
