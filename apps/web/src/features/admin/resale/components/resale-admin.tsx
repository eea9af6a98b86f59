import { Repeat, ShoppingBag, Undo2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { formatInstant, formatRupees } from '../../../../ui/format';
import { SkeletonList } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { ViewHeader } from '../../../../ui/view-header';
import { type AdminResales, useAdminResales } from '../api/admin-resales';
import { ResaleSettingsForm } from './resale-settings-form';

type Listing = AdminResales['listings'][number];

const ICON = 'size-5';

/** A listing's status in the current language (keys written out whole for the catalog test). */
function useStatusName(): (status: Listing['status']) => string {
  const { t } = useTranslation();
  return (status) =>
    ({
      listed: t('admin-resale.status.listed'),
      offered: t('admin-resale.status.offered'),
      sold: t('admin-resale.status.sold'),
      withdrawn: t('admin-resale.status.withdrawn'),
      ended: t('admin-resale.status.ended'),
    })[status];
}

type RefundStatusOf = (status: string) => ReactNode;

function ListingRow({ listing, refundStatus }: { listing: Listing; refundStatus: RefundStatusOf }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  return (
    <li className="card flex flex-wrap items-start gap-x-4 gap-y-2 p-4" data-listing-status={listing.status}>
      <span className="inline-flex rounded-full bg-maroon-700 px-3 py-1 text-xs font-bold text-cream">
        {statusName(listing.status)}
      </span>
      <div className="min-w-0 grow basis-48">
        <p className="font-semibold break-words text-cream">{listing.sellerName}</p>
        <p className="text-sm break-all text-maroon-100">{listing.sellerEmail}</p>
        <p className="font-mono text-sm text-gold-200">{listing.ticketCode}</p>
      </div>
      <dl className="grid grow basis-56 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-maroon-50">
        {listing.ticketType ? (
          <>
            <dt className="text-maroon-200">{t('admin-resale.list.type')}</dt>
            <dd className="break-words">{listing.ticketType}</dd>
          </>
        ) : null}
        <dt className="text-maroon-200">{t('admin-resale.list.price')}</dt>
        <dd>{formatRupees(listing.price)}</dd>
        <dt className="text-maroon-200">{t('admin-resale.list.refund')}</dt>
        <dd>
          {formatRupees(listing.refundAmount)}{' '}
          <span className="text-maroon-200">
            ({t('admin-resale.list.fee', { fee: formatRupees(listing.fee) })})
          </span>
        </dd>
        <dt className="text-maroon-200">{t('admin-resale.list.listedAt')}</dt>
        <dd>{formatInstant(listing.listedAt)}</dd>
        {listing.soldAt ? (
          <>
            <dt className="text-maroon-200">{t('admin-resale.list.soldAt')}</dt>
            <dd>{formatInstant(listing.soldAt)}</dd>
          </>
        ) : null}
        {listing.refundStatus ? (
          <>
            <dt className="text-maroon-200">{t('admin-resale.list.refundStatus')}</dt>
            <dd>{refundStatus(listing.refundStatus)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** Staff's view of face-value resale: the sums, the settings (admins change them), then every listing. */
export function ResaleAdmin({
  onBack,
  canWrite,
  refundStatus,
}: {
  onBack: () => void;
  canWrite: boolean;
  /** A seller's refund status, drawn by the page (the refunds feature names them). */
  refundStatus: RefundStatusOf;
}) {
  const { t } = useTranslation();
  const query = useAdminResales();
  const view = query.data;
  return (
    <div className="grid gap-6">
      <ViewHeader
        title={t('admin-resale.title')}
        onBack={onBack}
        description={t('admin-resale.description')}
      />
      {query.isPending ? (
        <SkeletonList rows={4} label={t('admin-resale.loading')} />
      ) : !view ? (
        <ErrorPanel
          title={t('admin-resale.loadError')}
          message={query.error instanceof Error ? query.error.message : ''}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 lg:grid-cols-4">
            <StatCard
              label={t('admin-resale.stats.listed')}
              value={String(view.totals.listed)}
              icon={<Repeat className={ICON} />}
            />
            <StatCard
              label={t('admin-resale.stats.sold')}
              value={String(view.totals.sold)}
              icon={<ShoppingBag className={ICON} />}
            />
            <StatCard
              label={t('admin-resale.stats.refunds')}
              value={formatRupees(view.totals.refunds)}
              icon={<Undo2 className={ICON} />}
            />
            <StatCard
              label={t('admin-resale.stats.fees')}
              value={formatRupees(view.totals.fees)}
              icon={<Wallet className={ICON} />}
            />
          </div>
          <ResaleSettingsForm
            key={`${view.settings.enabled}-${view.settings.fee}-${view.settings.closeHoursBefore}`}
            settings={view.settings}
            canWrite={canWrite}
          />
          <section aria-labelledby="resale-listings-title" className="grid gap-3">
            <h2 id="resale-listings-title" className="font-display text-2xl text-gold-200">
              {t('admin-resale.list.title')}
            </h2>
            {view.listings.length === 0 ? (
              <EmptyState title={t('admin-resale.empty')}>{t('admin-resale.emptyHint')}</EmptyState>
            ) : (
              <ul className="grid gap-3">
                {view.listings.map((listing) => (
                  <ListingRow key={listing.id} listing={listing} refundStatus={refundStatus} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
