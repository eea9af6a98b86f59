import { lineOpensAt } from '@utsav/domain/waiting-room';
import { useTranslation } from 'react-i18next';
import { SalesCountdown } from '../../../ui/sales-countdown';

/** The dialog before ticket sales open: when, a countdown, and (from 30 minutes before) the line to join. */
export function SalesNotOpenContent({ salesOpenAt, signedIn }: { salesOpenAt: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const lineOpen = Date.now() >= lineOpensAt(new Date(salesOpenAt)).getTime();
  return (
    <div className="grid gap-3">
      <SalesCountdown salesOpenAt={salesOpenAt} />
      <p className="text-sm text-maroon-100">
        {lineOpen
          ? signedIn
            ? t('queue.beforeSale.lineOpenSignedIn')
            : t('queue.beforeSale.lineOpenSignedOut')
          : t('queue.beforeSale.lineLater')}
      </p>
    </div>
  );
}
