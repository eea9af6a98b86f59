import type { Role } from '@utsav/domain/roles';
import {
  BarChart3,
  CalendarCheck2,
  CalendarPlus,
  DoorOpen,
  Hourglass,
  IndianRupee,
  Landmark,
  ListChecks,
  Mail,
  MessageCircleQuestion,
  ReceiptIndianRupee,
  ReceiptText,
  Repeat,
  ScrollText,
  Tags,
  Ticket,
  TicketPercent,
  TicketPlus,
  Undo2,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { formatCount, formatRupees } from '../../../../ui/format';
import { RoleBadge } from '../../../../ui/role-badge';
import { useRoleLabel } from '../../../../ui/role-label';
import { Skeleton } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { useEventStatus } from '../api/get-event-status';

/** The in-page views (docs/product.md#staff-side); the page keeps the open one in ?view=. */
export const ADMIN_VIEWS = [
  'dashboard',
  'event-manager',
  'user-management',
  'ticket-management',
  'manual-ticket-issuance',
  'analytics',
  'refund-management',
  'gates',
  'waitlist',
  'resales',
  'ticket-types',
  'promo-codes',
  'organiser',
  'tax',
  'staff-invitations',
  'checkout-questions',
  'messages',
  'audit-log',
] as const;
export type AdminViewId = (typeof ADMIN_VIEWS)[number];

export function isAdminView(value: unknown): value is AdminViewId {
  return typeof value === 'string' && (ADMIN_VIEWS as readonly string[]).includes(value);
}

/** The four numbers of the dashboard; zeros when a call failed, silently (docs/product.md#admin-dashboard). */
export interface DashboardNumbers {
  totalUsers: number;
  ticketsSold: number;
  totalRevenue: number;
  revenueToday: number;
  /** The part of the revenue that is convenience fees kept, to the paisa (0 without a fee). */
  convenienceFees: number;
  averageTicketValue: number;
}

const ICON = 'size-5';

export function DashboardStats({ numbers, loading }: { numbers: DashboardNumbers; loading: boolean }) {
  const { t } = useTranslation();
  const rupees = (value: number) => formatRupees(Math.round(value));
  return (
    <section
      aria-label={t('admin.dashboard.keyNumbers')}
      // One card a row when large text leaves a phone under 20rem wide: two would cut their labels.
      className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 sm:gap-4 lg:grid-cols-4"
    >
      <StatCard
        label={t('admin.dashboard.totalUsers')}
        value={formatCount(numbers.totalUsers)}
        icon={<Users className={ICON} />}
        loading={loading}
      />
      <StatCard
        label={t('admin.dashboard.ticketsSold')}
        value={formatCount(numbers.ticketsSold)}
        icon={<Ticket className={ICON} />}
        loading={loading}
      />
      <StatCard
        label={t('admin.dashboard.totalRevenue')}
        value={rupees(numbers.totalRevenue)}
        hint={
          <>
            {t('admin.dashboard.revenueToday', { amount: rupees(numbers.revenueToday) })}
            {numbers.convenienceFees > 0 ? (
              <span className="block">
                {t('admin.dashboard.convenienceFees', { amount: formatRupees(numbers.convenienceFees) })}
              </span>
            ) : null}
          </>
        }
        icon={<IndianRupee className={ICON} />}
        loading={loading}
      />
      <StatCard
        label={t('admin.dashboard.averageTicket')}
        value={rupees(numbers.averageTicketValue)}
        icon={<ReceiptIndianRupee className={ICON} />}
        loading={loading}
      />
    </section>
  );
}

function EventStatusCard({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const status = useEventStatus();
  // A failed check reads as not configured: the event manager then opens its create form (docs/product.md#admin-dashboard).
  const configured = status.data === true;
  return (
    <section aria-labelledby="event-status-title" className="card flex flex-wrap items-center gap-4 p-5">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-gold-300"
      >
        {configured ? <CalendarCheck2 className="size-6" /> : <CalendarPlus className="size-6" />}
      </span>
      <div className="min-w-[min(10rem,100%)] flex-1">
        <h2 id="event-status-title" className="font-sans text-lg font-semibold text-cream">
          {t('admin.dashboard.eventStatus')}
        </h2>
        {status.isPending ? (
          <Skeleton className="mt-1 h-5 w-32" />
        ) : (
          <p className="flex items-center gap-2 text-maroon-100">
            <span
              aria-hidden="true"
              className={`inline-block size-2.5 rounded-full ${configured ? 'bg-emerald-300' : 'bg-saffron-400'}`}
            />
            {configured ? t('admin.dashboard.configured') : t('admin.dashboard.notConfigured')}
          </p>
        )}
      </div>
      <Button onClick={onOpen} disabled={status.isPending} className="w-full sm:w-auto">
        {configured ? t('admin.dashboard.manageEvent') : t('admin.dashboard.createEvent')}
      </Button>
    </section>
  );
}

interface Tile {
  view: AdminViewId;
  /** Catalog keys, written out whole. */
  title: string;
  description: string;
  icon: ReactNode;
  /** Shown to admins only: a manager may not use it. */
  adminOnly?: boolean;
}

const TILES: Tile[] = [
  {
    view: 'ticket-types',
    title: 'admin.tiles.ticketTypes.title',
    description: 'admin.tiles.ticketTypes.description',
    icon: <Tags className={ICON} />,
  },
  {
    view: 'promo-codes',
    title: 'admin.tiles.promoCodes.title',
    description: 'admin.tiles.promoCodes.description',
    icon: <TicketPercent className={ICON} />,
  },
  {
    view: 'user-management',
    title: 'admin.tiles.users.title',
    description: 'admin.tiles.users.description',
    icon: <Users className={ICON} />,
  },
  {
    view: 'ticket-management',
    title: 'admin.tiles.tickets.title',
    description: 'admin.tiles.tickets.description',
    icon: <ListChecks className={ICON} />,
  },
  {
    view: 'manual-ticket-issuance',
    title: 'admin.tiles.issuance.title',
    description: 'admin.tiles.issuance.description',
    icon: <TicketPlus className={ICON} />,
  },
  {
    view: 'analytics',
    title: 'admin.tiles.analytics.title',
    description: 'admin.tiles.analytics.description',
    icon: <BarChart3 className={ICON} />,
  },
  {
    view: 'refund-management',
    title: 'admin.tiles.refunds.title',
    description: 'admin.tiles.refunds.description',
    icon: <Undo2 className={ICON} />,
  },
  {
    view: 'gates',
    title: 'admin.tiles.gates.title',
    description: 'admin.tiles.gates.description',
    icon: <DoorOpen className={ICON} />,
  },
  {
    view: 'waitlist',
    title: 'admin.tiles.waitlist.title',
    description: 'admin.tiles.waitlist.description',
    icon: <Hourglass className={ICON} />,
  },
  {
    view: 'resales',
    title: 'admin.tiles.resales.title',
    description: 'admin.tiles.resales.description',
    icon: <Repeat className={ICON} />,
    adminOnly: true,
  },
  {
    view: 'organiser',
    title: 'admin.tiles.organiser.title',
    description: 'admin.tiles.organiser.description',
    icon: <Landmark className={ICON} />,
  },
  {
    view: 'tax',
    title: 'admin.tiles.tax.title',
    description: 'admin.tiles.tax.description',
    icon: <ReceiptText className={ICON} />,
    adminOnly: true,
  },
  {
    view: 'checkout-questions',
    title: 'admin.tiles.checkoutQuestions.title',
    description: 'admin.tiles.checkoutQuestions.description',
    icon: <MessageCircleQuestion className={ICON} />,
  },
  {
    view: 'staff-invitations',
    title: 'admin.tiles.invitations.title',
    description: 'admin.tiles.invitations.description',
    icon: <UserPlus className={ICON} />,
    adminOnly: true,
  },
  {
    view: 'messages',
    title: 'admin.tiles.messages.title',
    description: 'admin.tiles.messages.description',
    icon: <Mail className={ICON} />,
    adminOnly: true,
  },
  {
    view: 'audit-log',
    title: 'admin.tiles.auditLog.title',
    description: 'admin.tiles.auditLog.description',
    icon: <ScrollText className={ICON} />,
    adminOnly: true,
  },
];

/**
 * The admin and manager dashboard (docs/product.md#admin-dashboard): title by role, welcome, the four numbers, the event's
 * status, the sales per ticket type and the tiles that open the in-page views. Slots let the page add the figures per
 * type, the system health panel and the manager's own section without this feature knowing them.
 */
export function AdminDashboard({
  role,
  name,
  numbers,
  numbersLoading,
  onOpen,
  highlight,
  systemHealth,
  typeFigures,
  children,
}: {
  role: Role;
  name: string;
  numbers: DashboardNumbers;
  numbersLoading: boolean;
  onOpen: (view: AdminViewId) => void;
  highlight?: AdminViewId | undefined;
  systemHealth?: ReactNode;
  /** Sales per ticket type, composed by the page from the analytics and the types. */
  typeFigures?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const roleName = useRoleLabel();
  const title = role === 'manager' ? t('admin.dashboard.managerTitle') : t('admin.dashboard.adminTitle');
  return (
    <div className="grid grid-cols-1 gap-8">
      <header>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-display text-3xl break-words hyphens-auto text-gold-200 sm:text-4xl">
            {title}
          </h1>
          <RoleBadge role={role} label={roleName(role)} />
        </div>
        <p className="mt-2 text-lg text-maroon-100">
          {name ? t('admin.dashboard.welcomeName', { name }) : t('admin.dashboard.welcome')}
        </p>
      </header>

      <DashboardStats numbers={numbers} loading={numbersLoading} />
      {typeFigures}
      <EventStatusCard onOpen={() => onOpen('event-manager')} />

      <nav aria-label={t('admin.dashboard.tools')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TILES.filter((tile) => role === 'admin' || !tile.adminOnly).map((tile) => (
            <li key={tile.view}>
              <button
                type="button"
                onClick={() => onOpen(tile.view)}
                aria-current={highlight === tile.view ? 'true' : undefined}
                className={`card group flex h-full w-full items-start gap-4 p-5 text-left transition-[border-color,transform] hover:-translate-y-0.5 hover:border-saffron-300/70 ${
                  highlight === tile.view ? 'ring-2 ring-saffron-300' : ''
                }`}
              >
                {/* Decoration: at large text on a phone the words need its room. */}
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-gold-300 transition-colors group-hover:bg-saffron-400 group-hover:text-ink @max-xs:hidden"
                >
                  {tile.icon}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-cream">{t(tile.title)}</span>
                  <span className="mt-0.5 block text-sm text-maroon-100">{t(tile.description)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      {children}
      {systemHealth}
    </div>
  );
}
