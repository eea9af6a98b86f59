import { REFUND_STATUSES, type RefundStatus } from '@utsav/domain/refunds';
import { can, isStaff, type Role } from '@utsav/domain/roles';
import { typeFigures } from '@utsav/domain/type-figures';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAnalytics } from '../../features/admin/analytics/api/get-analytics';
import { useSalesBreakdown } from '../../features/admin/analytics/api/get-sales-breakdown';
import { SalesAnalytics } from '../../features/admin/analytics/components/sales-analytics';
import { AuditPanel } from '../../features/admin/audit/components/audit-panel';
import { QuestionsPanel } from '../../features/admin/checkout-questions/components/questions-panel';
import { useTicketStats } from '../../features/admin/dashboard/api/get-ticket-stats';
import { useUserCount } from '../../features/admin/dashboard/api/get-user-count';
import { AdminAccessGate } from '../../features/admin/dashboard/components/admin-access-gate';
import {
  AdminDashboard,
  type AdminViewId,
  type DashboardNumbers,
  isAdminView,
} from '../../features/admin/dashboard/components/admin-dashboard';
import { TypeFigures } from '../../features/admin/dashboard/components/type-figures';
import { EventManager } from '../../features/admin/event-manager/components/event-manager';
import { GatesPanel } from '../../features/admin/gates/components/gates-panel';
import { InvitationsPanel } from '../../features/admin/invitations/components/invitations-panel';
import { ManagerPanel } from '../../features/admin/manager/components/manager-panel';
import { ManualIssuance } from '../../features/admin/manual-issuance/components/manual-issuance';
import { MessagesPanel } from '../../features/admin/messages/components/messages-panel';
import { OrganiserPanel } from '../../features/admin/organiser/components/organiser-panel';
import { PromoCodesPanel } from '../../features/admin/promo-codes/components/promo-codes-panel';
import { ResaleAdmin } from '../../features/admin/resale/components/resale-admin';
import { SystemHealthPanel } from '../../features/admin/system/components/system-health-panel';
import { TaxPanel } from '../../features/admin/tax/components/tax-panel';
import { TicketTypesView } from '../../features/admin/ticket-types/components/ticket-types-view';
import { TicketManagement } from '../../features/admin/tickets/components/ticket-management';
import { UserManagement } from '../../features/admin/users/components/user-management';
import { WaitlistAdmin } from '../../features/admin/waitlist/components/waitlist-admin';
import { useAuth } from '../../features/auth/context/auth-context';
import AdminRefundManagement from '../../features/refunds/components/admin-refund-management';
import { RefundStatusBadge } from '../../features/refunds/components/refund-status-badge';
import { sellableTypesNamed, useAdminTicketTypes } from '../../lib/admin-ticket-types';
import { SetupReminder } from '../setup/setup-reminder';

const isRefundStatus = (status: string): status is RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(status);

/** The open in-page view lives in ?view= so Back, refresh and a shared link all land on the same view. */
function useAdminViewParam(initial: AdminViewId | undefined) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const view: AdminViewId = isAdminView(raw) ? raw : 'dashboard';

  // The header's 'Manage Users' arrives with navigation state; turn it into the URL once.
  useEffect(() => {
    if (initial && initial !== 'dashboard' && !raw) setParams({ view: initial }, { replace: true });
  }, [initial, raw, setParams]);

  const open = useCallback(
    (next: AdminViewId) => {
      setParams(next === 'dashboard' ? {} : { view: next });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  return [view, open] as const;
}

/** The four dashboard numbers from three calls; a failed call counts as zero, silently (docs/product.md#admin-dashboard). */
function useDashboardNumbers(): { numbers: DashboardNumbers; loading: boolean } {
  const analytics = useAnalytics();
  const ticketStats = useTicketStats();
  const userCount = useUserCount();
  const a = analytics.data;
  return {
    loading: analytics.isPending && ticketStats.isPending && userCount.isPending,
    numbers: {
      totalUsers: userCount.data ?? a?.users.total ?? 0,
      // Sold = active + used on every screen (was the row total, cancelled included: 5 here, 4 elsewhere).
      ticketsSold: a?.tickets.total ?? ticketStats.data?.sold ?? 0,
      // Analytics revenue is net of refunds; the plain ticket total is the fallback when it is unavailable.
      totalRevenue: a?.revenue.total ?? ticketStats.data?.revenue ?? 0,
      revenueToday: a?.revenue.today ?? 0,
      convenienceFees: a?.revenue.convenienceFees ?? 0,
      averageTicketValue: a?.analytics.averageTicketValue ?? 0,
    },
  };
}

/** Sales per ticket type: sold and revenue from the analytics' breakdown, capacity from the types. */
function DashboardTypeFigures() {
  const breakdown = useSalesBreakdown();
  const types = useAdminTicketTypes();
  return (
    <TypeFigures
      figures={typeFigures(breakdown.data?.types ?? [], types.data ?? [])}
      loading={breakdown.isPending}
      failed={breakdown.isError}
    />
  );
}

/** The Promo Codes panel, with the ticket types a code may name (read by the ticket types feature). */
function PromoCodesView({ onBack, currentUser }: { onBack: () => void; currentUser: { role: Role } | null }) {
  const types = useAdminTicketTypes();
  return (
    <PromoCodesPanel
      onBack={onBack}
      canWrite={can(currentUser, 'event:write')}
      canExport={can(currentUser, 'tickets:export')}
      ticketTypes={(types.data ?? []).filter((type) => !type.archived)}
    />
  );
}

/** The Messages panel (admins only: others land on the dashboard), with the types a message may be narrowed to. */
function MessagesView({ onBack }: { onBack: () => void }) {
  const types = useAdminTicketTypes(sellableTypesNamed);
  return <MessagesPanel onBack={onBack} ticketTypes={types.data ?? []} />;
}

function StaffDashboard({
  role,
  name,
  open,
  highlight,
}: {
  role: Role;
  name: string;
  open: (view: AdminViewId) => void;
  highlight: AdminViewId | undefined;
}) {
  const { numbers, loading } = useDashboardNumbers();
  return (
    <AdminDashboard
      role={role}
      name={name}
      numbers={numbers}
      numbersLoading={loading}
      onOpen={open}
      highlight={highlight}
      systemHealth={<SystemHealthPanel />}
      typeFigures={<DashboardTypeFigures />}
    >
      <SetupReminder />
      {role === 'manager' ? (
        <ManagerPanel
          onViewAnalytics={() => open('analytics')}
          onIssueTickets={() => open('manual-ticket-issuance')}
        />
      ) : null}
    </AdminDashboard>
  );
}

/**
 * /dashboard/admin and /dashboard/manager: the admin dashboard and its in-page views (docs/product.md#admin-dashboard),
 * composed here from the admin and refunds features. Someone who is neither admin nor manager gets the
 * admin access gate instead.
 */
export default function AdminView({
  role,
  name,
  highlight,
  onAccessGranted,
  refusedRedirect,
  guestDashboardPath,
}: {
  role: Role;
  name: string;
  highlight?: AdminViewId | undefined;
  onAccessGranted: () => Promise<void>;
  refusedRedirect: ReactNode;
  guestDashboardPath: string;
}) {
  const { user } = useAuth();
  const [view, open] = useAdminViewParam(highlight);

  if (!isStaff(role)) {
    return (
      <AdminAccessGate
        onGranted={onAccessGranted}
        refusedRedirect={refusedRedirect}
        guestDashboardPath={guestDashboardPath}
      />
    );
  }

  const back = () => open('dashboard');
  const currentUser = user ? { id: user.id, role: user.role } : null;
  let content: ReactNode;
  switch (view) {
    case 'event-manager':
      content = <EventManager onBack={back} currentUser={currentUser} />;
      break;
    case 'user-management':
      content = <UserManagement onBack={back} currentUser={currentUser} />;
      break;
    case 'ticket-management':
      content = <TicketManagement onBack={back} currentUser={currentUser} />;
      break;
    case 'manual-ticket-issuance':
      content = <ManualIssuance onBack={back} />;
      break;
    case 'analytics':
      content = <SalesAnalytics onBack={back} />;
      break;
    case 'gates':
      content = <GatesPanel onBack={back} />;
      break;
    case 'waitlist':
      content = <WaitlistAdmin onBack={back} />;
      break;
    case 'resales':
      content = (
        <ResaleAdmin
          onBack={back}
          canWrite={can(currentUser, 'event:write')}
          refundStatus={(status) => (isRefundStatus(status) ? <RefundStatusBadge status={status} /> : status)}
        />
      );
      break;
    case 'ticket-types':
      content = <TicketTypesView onBack={back} canWrite={can(currentUser, 'event:write')} />;
      break;
    case 'promo-codes':
      content = <PromoCodesView onBack={back} currentUser={currentUser} />;
      break;
    case 'organiser':
      content = <OrganiserPanel onBack={back} role={role} />;
      break;
    case 'tax':
      content = <TaxPanel onBack={back} role={role} />;
      break;
    case 'checkout-questions':
      content = <QuestionsPanel onBack={back} role={role} />;
      break;
    case 'staff-invitations':
      content = <InvitationsPanel onBack={back} />;
      break;
    case 'messages':
      content = can(currentUser, 'messages:send') ? (
        <MessagesView onBack={back} />
      ) : (
        <StaffDashboard role={role} name={name} open={open} highlight={highlight} />
      );
      break;
    case 'audit-log':
      content = can(currentUser, 'audit:view') ? (
        <AuditPanel onBack={back} />
      ) : (
        <StaffDashboard role={role} name={name} open={open} highlight={highlight} />
      );
      break;
    case 'refund-management':
      content = <AdminRefundManagement onBack={back} role={role} />;
      break;
    default:
      content = <StaffDashboard role={role} name={name} open={open} highlight={highlight} />;
  }

  return <div className="mx-auto max-w-6xl px-4 pt-below-header pb-20 sm:px-5">{content}</div>;
}
