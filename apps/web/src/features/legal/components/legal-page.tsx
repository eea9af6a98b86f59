import { POLICY } from '@utsav/domain/constants';
import { ArrowLeft, Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClasses } from '../../../ui/button';

/**
 * Frame shared by the four legal pages: title, version, effective date, the text, and 'Back to Home'. In Hindi
 * and Gujarati a line says the English version prevails (the translation is for the reader's convenience).
 */
export function LegalPage({
  title,
  version,
  summary,
  children,
}: {
  title: string;
  version: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-5 pt-below-header pb-16">
      <header className="border-b border-gold-400/25 pb-8">
        <p className="text-sm font-semibold tracking-[0.2em] text-saffron-300 uppercase">
          {POLICY.organiserName}
        </p>
        <h1 className="mt-2 font-display text-4xl text-gold-200 sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-maroon-200">
          {t('legal.frame.version', { version, date: t('legal.frame.effectiveDate') })}
        </p>
        {i18n.language !== 'en' ? (
          <p
            data-testid="english-prevails"
            className="mt-4 flex gap-2 rounded-xl border border-gold-400/30 bg-maroon-950/60 p-3 text-sm text-maroon-50"
          >
            <Languages aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
            <span>{t('legal.frame.englishPrevails')}</span>
          </p>
        ) : null}
        <div className="mt-5 text-lg text-maroon-50">{summary}</div>
      </header>
      <div className="legal-prose mt-4">{children}</div>
      <div className="mt-14 flex justify-center border-t border-gold-400/25 pt-10">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('legal.frame.backHome')}
        </Link>
      </div>
    </article>
  );
}

export function SupportContact({ weekdaysOnly = false }: { weekdaysOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul>
      <li>
        <Trans
          i18nKey="legal.contact.email"
          values={{ email: POLICY.supportEmail }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address.
            mail: <a href={`mailto:${POLICY.supportEmail}`} />,
          }}
        />
      </li>
      <li>{weekdaysOnly ? t('legal.contact.hoursWeekdays') : t('legal.contact.hours')}</li>
      <li>
        {t('legal.contact.answers', {
          refundHours: POLICY.refundQueryResponseHours,
          generalHours: POLICY.generalQueryResponseHours,
        })}
      </li>
      <li>{t('legal.contact.organiser', { organiser: POLICY.organiserName })}</li>
    </ul>
  );
}
