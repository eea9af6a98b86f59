import { isStaff, type Role } from '@utsav/domain/roles';
import {
  BarChart3,
  CalendarCog,
  IndianRupee,
  ListChecks,
  ReceiptText,
  TicketPlus,
  Undo2,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ComingSoonCard } from '../../../ui/coming-soon';
import { RoleBadge } from '../../../ui/role-badge';
import { AdminAccessGate } from './admin-access-gate';

const ICON = 'size-5';

/**
 * Admin and manager dashboard (admin-side §2) — a placeholder in this release that lists, honestly, what the
 * upcoming releases bring. A non-staff user reaching it gets the admin access gate instead.
 */
export default function AdminDashboard({
  role,
  name,
  highlight,
  onAccessGranted,
  refusedRedirect,
  guestDashboardPath,
}: {
  role: Role;
  name: string;
  highlight?: 'user-management' | undefined;
  onAccessGranted: () => Promise<void>;
  refusedRedirect: ReactNode;
  guestDashboardPath: string;
}) {
  if (!isStaff(role)) {
    return (
      <AdminAccessGate
        onGranted={onAccessGranted}
        refusedRedirect={refusedRedirect}
        guestDashboardPath={guestDashboardPath}
      />
    );
  }

  const title = role === 'manager' ? 'Manager Dashboard' : 'Admin Dashboard';
  return (
    <div className="mx-auto max-w-6xl px-5 pt-28 pb-20">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-4xl text-gold-200">{title}</h1>
        <RoleBadge role={role} />
      </header>
      <p className="mt-2 text-lg text-maroon-100">Welcome back{name ? `, ${name}` : ''}.</p>

      <div className="card mt-8 border-saffron-400/40 p-5 text-maroon-50">
        <p>
          <strong className="text-cream">Your dashboard tools arrive in the upcoming releases.</strong>{' '}
          Sign-in, roles and the event itself work today; everything listed below is being built and is not
          live yet.
        </p>
      </div>

      <h2 className="mt-12 font-display text-2xl text-gold-200">What this dashboard will hold</h2>
      <ul className="mt-5 grid gap-4 md:grid-cols-2">
        <ComingSoonCard icon={<IndianRupee className={ICON} />} title="Live numbers">
          Total Users, Tickets Sold, Total Revenue (with today's) and Avg. Ticket Value at a glance.
        </ComingSoonCard>
        <ComingSoonCard icon={<CalendarCog className={ICON} />} title="Event status and event manager">
          See whether the event is configured, then create or edit its details, prices, image and features.
        </ComingSoonCard>
        <ComingSoonCard
          icon={<Users className={ICON} />}
          title="Manage Users"
          highlighted={highlight === 'user-management'}
        >
          Search and filter everyone who has signed in
          {role === 'admin'
            ? ', change roles and remove accounts.'
            : ' (managers can view users; roles are changed by admins).'}
        </ComingSoonCard>
        <ComingSoonCard icon={<ListChecks className={ICON} />} title="Manage Tickets">
          Find tickets by buyer, change their status singly or in bulk, and export to CSV or JSON.
        </ComingSoonCard>
        <ComingSoonCard icon={<TicketPlus className={ICON} />} title="Issue Manual Tickets">
          Issue tickets paid in cash or by direct UPI, with PDF tickets for the recipient.
        </ComingSoonCard>
        <ComingSoonCard icon={<BarChart3 className={ICON} />} title="Analytics">
          Revenue, tickets sold, conversion, daily sales and today's hourly sales.
        </ComingSoonCard>
        <ComingSoonCard icon={<Undo2 className={ICON} />} title="Manage Refunds">
          Every refund with its status, amounts and timeline.
        </ComingSoonCard>
        {role === 'manager' ? (
          <ComingSoonCard icon={<ReceiptText className={ICON} />} title="Manager view">
            The registered users list (latest 50) with quick links to analytics and manual issuance.
          </ComingSoonCard>
        ) : null}
      </ul>
    </div>
  );
}
