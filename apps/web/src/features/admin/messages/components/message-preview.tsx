import type { GuestMessagePreviewAnswer } from '@utsav/domain/api/messages';
import { LANGUAGE_NAMES, type Language } from '@utsav/domain/languages';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../ui/format';

export type MessagePreview = Omit<GuestMessagePreviewAnswer, 'success'>;

/**
 * How many people the message reaches now, and the email as they will see it, in each language written. The email
 * is shown in a sandboxed frame: its HTML is the server's, rendered from escaped text, and runs nothing here.
 */
export function MessagePreviewCard({
  preview,
  languages,
  selected,
  loading,
  onLanguage,
}: {
  preview: MessagePreview;
  languages: readonly Language[];
  selected: Language;
  loading: boolean;
  onLanguage: (language: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="msg-preview-title"
      className="card grid gap-4 p-5 sm:p-6"
      aria-busy={loading || undefined}
    >
      <h2 id="msg-preview-title" className="font-display text-2xl text-gold-200">
        {t('admin-messages.preview.title')}
      </h2>
      <p role="status" className="font-semibold text-cream">
        {t('admin-messages.preview.count', {
          count: preview.recipients,
          formatted: formatCount(preview.recipients),
        })}
      </p>
      {languages.length > 1 ? (
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="mb-1.5 text-sm font-semibold text-cream">
            {t('admin-messages.preview.language')}
          </legend>
          {languages.map((language) => (
            <label key={language} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="msg-preview-language"
                checked={selected === language}
                onChange={() => onLanguage(language)}
                className="size-5 shrink-0 accent-saffron-400"
              />
              <span className="text-cream" lang={language}>
                {LANGUAGE_NAMES[language]}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="text-sm text-maroon-100">
        {t('admin-messages.preview.subject')}{' '}
        <span className="font-semibold text-cream" lang={preview.email.language}>
          {preview.email.subject}
        </span>
      </p>
      <iframe
        title={t('admin-messages.preview.frame')}
        sandbox=""
        srcDoc={preview.email.html}
        className="h-[32rem] w-full rounded-xl border border-gold-400/30 bg-white"
      />
    </section>
  );
}
