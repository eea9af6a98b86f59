import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@utsav/domain/languages';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLanguage } from '../../features/auth/api/set-language';
import { useAuth } from '../../features/auth/context/auth-context';
import { useLanguage } from '../../lib/i18n/language';

/**
 * The language choice in the header, always there (signed in or not). A native select: every phone's
 * screen reader and keyboard already know it. Each language is named in its own script and marked with
 * its lang, so it is read out correctly whatever the page's language is.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { status } = useAuth();

  async function choose(next: Language) {
    await setLanguage(next);
    // Signed in: their emails and PDFs follow the choice too. Best effort: the screen has switched already.
    if (status === 'signed-in') await saveLanguage(next).catch(() => undefined);
  }
  const id = useId();
  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('shell.language')}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute left-2 size-4 sm:left-2.5 text-gold-200"
      />
      <select
        id={id}
        value={language}
        title={t('shell.languageHint')}
        onChange={(event) => void choose(event.target.value as Language)}
        className="min-h-11 max-w-[6.5rem] appearance-none truncate rounded-full border border-gold-400/30 bg-maroon-900/70 py-1 pr-2 pl-7 text-xs sm:max-w-none sm:pr-3 sm:pl-8 sm:text-sm text-cream hover:border-gold-300/70 focus-visible:outline-2 focus-visible:outline-gold-300"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
