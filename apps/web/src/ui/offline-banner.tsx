import { INTL_LOCALES } from '@utsav/domain/languages';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n/language';

/** HH:MM on the phone's clock (24-hour), in the app's language. */
export function savedTime(savedAt: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    savedAt,
  );
}

/**
 * Says that what the guest sees is the copy saved on this phone, and from when: shown while the
 * server cannot be reached, so an old ticket list is never passed off as current.
 */
export function OfflineBanner({ savedAt }: { savedAt: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <p
      role="status"
      data-testid="offline-banner"
      className="flex items-start gap-3 rounded-xl border border-gold-300/50 bg-maroon-800 px-4 py-3 font-semibold text-gold-200"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
      <span className="min-w-0 break-words first-letter:uppercase">
        {t('offline.savedAt', { time: savedTime(savedAt, INTL_LOCALES[language]) })}
      </span>
    </p>
  );
}
