import { POLICY } from '@utsav/domain/constants';
import { legalNameOf } from '@utsav/domain/organiser-shown';
import { ArrowLeft, Languages } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganiser } from '../../../lib/current-event';
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
  const organiser = useOrganiser();
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-5 pt-below-header pb-16">
      <header className="border-b border-gold-400/25 pb-8">
        {organiser ? (
          <p className="text-sm font-semibold tracking-[0.2em] text-saffron-300 uppercase">
            {organiser.name}
          </p>
        ) : null}
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

/**
 * The organiser as a sentence names them, and the support address as a <mail> link; before the profile exists,
 * words for them ('the organiser', 'the organiser's support address') so the text still reads.
 */
export function useOrganiserWords(): { organiser: string; email: string; mail: ReactElement } {
  const { t } = useTranslation();
  const organiser = useOrganiser();
  if (!organiser)
    return {
      organiser: t('legal.contact.theOrganiser'),
      email: t('legal.contact.supportAddress'),
      mail: <span />,
    };
  return {
    organiser: legalNameOf(organiser),
    email: organiser.supportEmail,
    // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address.
    mail: <a href={`mailto:${organiser.supportEmail}`} />,
  };
}

/** How to reach the organiser, from their profile; before it exists, a line saying the details are to come. */
export function SupportContact() {
  const { t } = useTranslation();
  const organiser = useOrganiser();
  if (!organiser) return <p>{t('legal.contact.notYet')}</p>;
  return (
    <ul>
      <li>
        <Trans
          i18nKey="legal.contact.email"
          values={{ email: organiser.supportEmail }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address.
            mail: <a href={`mailto:${organiser.supportEmail}`} />,
          }}
        />
      </li>
      {organiser.supportPhone ? <li>{t('legal.contact.phone', { phone: organiser.supportPhone })}</li> : null}
      {organiser.supportHours ? <li>{t('legal.contact.hours', { hours: organiser.supportHours })}</li> : null}
      <li>
        {t('legal.contact.answers', {
          refundHours: POLICY.refundQueryResponseHours,
          generalHours: POLICY.generalQueryResponseHours,
        })}
      </li>
      <li>{t('legal.contact.organiser', { organiser: legalNameOf(organiser) })}</li>
      {organiser.address ? <li>{t('legal.contact.address', { address: organiser.address })}</li> : null}
    </ul>
  );
}
