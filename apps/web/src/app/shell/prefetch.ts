import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@utsav/domain/roles';

/**
 * After a login on the landing page (docs/product.md#landing): admins get analytics, ticket stats and the user count,
 * guests their own tickets. prefetchQuery never throws, so an endpoint that fails costs nothing.
 *
 * The api files are imported here, not with the page: they parse their answers with the response schemas,
 * and zod stays out of the landing page's first JavaScript (the dashboard needs it next anyway).
 */
export function prefetchAfterLogin(queryClient: QueryClient, role: Role): void {
  if (role === 'admin') {
    Promise.all([
      import('../../features/admin/analytics/api/get-analytics'),
      import('../../features/admin/dashboard/api/get-ticket-stats'),
      import('../../features/admin/dashboard/api/get-user-count'),
    ]).then(([analytics, ticketStats, userCount]) => {
      void queryClient.prefetchQuery(analytics.analyticsQueryOptions());
      void queryClient.prefetchQuery(ticketStats.ticketStatsQueryOptions());
      void queryClient.prefetchQuery(userCount.userCountQueryOptions());
    }, ignore);
  } else if (role === 'guest') {
    import('../../features/tickets/api/get-my-tickets').then((tickets) => {
      void queryClient.prefetchQuery(tickets.myTicketsQueryOptions());
    }, ignore);
  }
}

// A chunk that fails to load costs the warm cache only: the dashboard loads it again.
const ignore = () => undefined;
