import { INTL_LOCALES } from '@utsav/domain/languages';
import { Hourglass, ServerCrash, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n/language';
import { type ConnectionTrouble, useConnectionTrouble } from '../lib/offline/connection-state';

/** HH:MM on the phone's clock (24-hour), in the app's language. */
export function savedTime(savedAt: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    savedAt,
  );
}

const ICONS = { offline: WifiOff, slow: Hourglass, failing: ServerCrash } as const;

/** Catalog keys (written out whole: the catalog test looks for each). */
const TEXT_KEYS: Record<ConnectionTrouble, string> = {
  offline: 'offline.savedAt',
  slow: 'offline.slowSavedAt',
  failing: 'offline.failingSavedAt',
};

/**
 * Says that what the guest sees is the copy saved on this phone, and from when: shown while the
 * server cannot be reached, so an old ticket list is never passed off as current. It names the trouble as it
 * is: "offline" only when the device is (connection-state.ts); a slow or failing server in words of its own.
 */
export function OfflineBanner({ savedAt }: { savedAt: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const trouble = useConnectionTrouble();
  const Icon = ICONS[trouble];
  return (
    <p
      role="status"
      data-testid="offline-banner"
      data-trouble={trouble}
      className="flex items-start gap-3 rounded-xl border border-gold-300/50 bg-maroon-800 px-4 py-3 font-semibold text-gold-200"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
      <span className="min-w-0 break-words first-letter:uppercase">
        {t(TEXT_KEYS[trouble], { time: savedTime(savedAt, INTL_LOCALES[language]) })}
      </span>
    </p>
  );
}
