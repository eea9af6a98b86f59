import { POLICY } from '@utsav/domain/constants';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClasses } from '../../../ui/button';

/** Frame shared by the four legal pages: title, version, effective date, the text, and 'Back to Home'. */
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
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-5 pt-28 pb-16 sm:pt-32">
      <header className="border-b border-gold-400/25 pb-8">
        <p className="text-sm font-semibold tracking-[0.2em] text-saffron-300 uppercase">
          {POLICY.organiserName}
        </p>
        <h1 className="mt-2 font-display text-4xl text-gold-200 sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-maroon-200">
          Version {version} · Effective {POLICY.effectiveDate}
        </p>
        <div className="mt-5 text-lg text-maroon-50">{summary}</div>
      </header>
      <div className="legal-prose mt-4">{children}</div>
      <div className="mt-14 flex justify-center border-t border-gold-400/25 pt-10">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Home
        </Link>
      </div>
    </article>
  );
}

export function SupportContact({ hours = POLICY.supportHours }: { hours?: string }) {
  return (
    <ul>
      <li>
        Email: <a href={`mailto:${POLICY.supportEmail}`}>{POLICY.supportEmail}</a>
      </li>
      <li>Support hours: {hours} (India Standard Time)</li>
      <li>
        Refund questions are answered within {POLICY.refundQueryResponseHours} hours; all other questions
        within {POLICY.generalQueryResponseHours} hours.
      </li>
      <li>Organiser: {POLICY.organiserName}, Mumbai, Maharashtra, India</li>
    </ul>
  );
}
