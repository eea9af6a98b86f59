import { useQueryClient } from '@tanstack/react-query';
import type { Role } from '@utsav/domain/roles';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { prefetchAfterLogin } from './prefetch';

/** Navigation state a dashboard reads: scroll to the tickets section, or open an in-page view. */
export interface DashboardNavState {
  scrollTo?: 'tickets';
  view?: 'user-management';
}

/** The moves the header, hero and pages share, so each button goes to exactly the same place. */
export function useNavigationActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const toDashboard = useCallback(
    (role: Role | null, state?: DashboardNavState) =>
      navigate(role ? `/dashboard/${role}` : '/dashboard', { state }),
    [navigate],
  );

  // The person stays where they signed in: on the landing page the hero's buttons switch to their role
  // ('View My Tickets', 'My Dashboard') and the data their dashboard needs is fetched ahead.
  const afterSignIn = useCallback(
    (user: { role: Role }) => {
      if (location.pathname === '/') prefetchAfterLogin(queryClient, user.role);
    },
    [location.pathname, queryClient],
  );

  return useMemo(
    () => ({
      toDashboard,
      toMyTickets: () => toDashboard('guest', { scrollTo: 'tickets' }),
      afterSignIn,
    }),
    [toDashboard, afterSignIn],
  );
}
