import { lineOpensAt } from '@utsav/domain/waiting-room';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { GoogleIcon } from '../../../ui/google-icon';
import { SalesCountdown } from '../../../ui/sales-countdown';

const lineIsOpen = (salesOpenAt: string) => Date.now() >= lineOpensAt(new Date(salesOpenAt)).getTime();

/** The dialog before ticket sales open: when, a countdown, and (from 30 minutes before) the line to join. */
export function SalesNotOpenContent({ salesOpenAt, signedIn }: { salesOpenAt: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const lineOpen = lineIsOpen(salesOpenAt);
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

/** Its buttons: Close, and once the line opens, joining it (signing in first when signed out). */
export function SalesNotOpenFooter({
  salesOpenAt,
  signedIn,
  onClose,
  onJoinLine,
  onSignIn,
  signingIn,
  primaryRef,
}: {
  salesOpenAt: string;
  signedIn: boolean;
  onClose: () => void;
  onJoinLine: () => void;
  onSignIn: () => void;
  signingIn: boolean;
  primaryRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="ghost" onClick={onClose}>
        {t('purchase.button.close')}
      </Button>
      {!lineIsOpen(salesOpenAt) ? null : signedIn ? (
        <Button ref={primaryRef} onClick={onJoinLine}>
          {t('purchase.button.joinLine')}
        </Button>
      ) : (
        <Button ref={primaryRef} onClick={onSignIn} loading={signingIn} icon={<GoogleIcon size={18} />}>
          {t('purchase.button.signInToJoin')}
        </Button>
      )}
    </>
  );
}
