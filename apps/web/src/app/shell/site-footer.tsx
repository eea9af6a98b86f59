import type { Organiser } from '@utsav/domain/organiser';
import { type SocialNetwork, socialLinksShown } from '@utsav/domain/organiser-shown';
import { AtSign, Globe, Mail, MessageCircle, Play } from 'lucide-react';
import { memo, type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOrganiser } from '../../lib/current-event';
import { scrollToSection } from '../../lib/scroll';
import { FacebookIcon, InstagramIcon } from '../../ui/social-icons';

const SOCIAL: Record<SocialNetwork, { label: string; icon: ReactNode }> = {
  instagram: { label: 'shell.footer.social.instagram', icon: <InstagramIcon /> },
  facebook: { label: 'shell.footer.social.facebook', icon: <FacebookIcon /> },
  youtube: { label: 'shell.footer.social.youtube', icon: <Play aria-hidden="true" className="size-5" /> },
  x: { label: 'shell.footer.social.x', icon: <AtSign aria-hidden="true" className="size-5" /> },
  whatsapp: {
    label: 'shell.footer.social.whatsapp',
    icon: <MessageCircle aria-hidden="true" className="size-5" />,
  },
  website: { label: 'shell.footer.social.website', icon: <Globe aria-hidden="true" className="size-5" /> },
};

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'shell.footer.privacyPolicy' },
  { to: '/cancellation-policy', label: 'shell.footer.cancellationPolicy' },
  { to: '/refund-policy', label: 'shell.footer.refundPolicy' },
  { to: '/terms-of-service', label: 'shell.footer.termsOfService' },
] as const;

// At least 24 px tall targets (WCAG 2.5.8), however small the text.
const linkClass =
  'inline-flex min-h-[max(1.75rem,24px)] items-center rounded text-left text-maroon-100 underline-offset-4 hover:text-gold-200 hover:underline';

/**
 * Footer of every page: quick links, social links and the four legal pages (docs/product.md#shell). Who runs the
 * night, how to reach them and their links come from the organiser profile; before it exists, none are shown.
 */
export function SiteFooter() {
  // The organiser arrives with the event's answer, a blocking update: the footer is rendered from a deferred
  // copy, in slices (as the landing page is, routes/landing.tsx).
  return <FooterView organiser={useDeferredValue(useOrganiser())} />;
}

const FooterView = memo(function FooterView({ organiser }: { organiser: Organiser | null }) {
  const { t } = useTranslation();
  const links = organiser ? socialLinksShown(organiser.socialLinks) : [];
  const { pathname } = useLocation();
  const navigate = useNavigate();

  function goToSection(id: 'about' | 'faq') {
    if (pathname === '/') scrollToSection(id);
    else {
      navigate('/');
      // The landing page renders first, then the section placeholder is found and scrolled to.
      setTimeout(() => scrollToSection(id), 50);
    }
  }

  return (
    <footer className="relative mt-10 border-t border-gold-400/20 bg-maroon-950">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-px h-px bg-gradient-to-r from-transparent via-gold-400/60 to-transparent"
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="font-display text-2xl font-bold text-gold-200">
            <span aria-hidden="true" className="text-saffron-300">
              ✺{' '}
            </span>
            Utsav
          </p>
          <p className="mt-3 max-w-xs text-sm text-maroon-100">
            {organiser
              ? t('shell.footer.about', { organiser: organiser.name })
              : t('shell.footer.aboutPlain')}
          </p>
        </div>

        <nav aria-labelledby="footer-quick">
          <h2
            id="footer-quick"
            className="font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase"
          >
            {t('shell.footer.quickLinks')}
          </h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <button type="button" className={linkClass} onClick={() => goToSection('about')}>
                {t('shell.footer.aboutEvent')}
              </button>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => goToSection('faq')}>
                {t('shell.footer.faq')}
              </button>
            </li>
            {organiser ? (
              <li>
                <a
                  className={`${linkClass} inline-flex items-center gap-2`}
                  href={`mailto:${organiser.supportEmail}`}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {t('shell.footer.contactSupport')}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2
            id="footer-legal"
            className="font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase"
          >
            {t('shell.footer.policies')}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link className={linkClass} to={link.to}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {organiser ? (
          <div>
            {links.length > 0 ? (
              <>
                <h2 className="font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase">
                  {t('shell.footer.followUs')}
                </h2>
                <ul className="mt-4 flex flex-wrap gap-3">
                  {links.map(({ network, url }) => (
                    <li key={network}>
                      <a
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t(SOCIAL[network].label)}
                        className="flex size-11 items-center justify-center rounded-full border border-gold-400/40 text-gold-200 hover:border-gold-300 hover:text-cream"
                      >
                        {SOCIAL[network].icon}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="mt-4 text-sm text-maroon-100">
              {organiser.supportHours ? (
                <>
                  {t('shell.footer.support', { hours: organiser.supportHours })}
                  <br />
                </>
              ) : null}
              <a
                className="inline-flex min-h-[max(1.75rem,24px)] items-center break-all underline-offset-4 hover:underline"
                href={`mailto:${organiser.supportEmail}`}
              >
                {organiser.supportEmail}
              </a>
              {organiser.supportPhone ? (
                <>
                  <br />
                  <a
                    className="inline-flex min-h-[max(1.75rem,24px)] items-center underline-offset-4 hover:underline"
                    href={`tel:${organiser.supportPhone.replace(/[^+\d]/g, '')}`}
                  >
                    {organiser.supportPhone}
                  </a>
                </>
              ) : null}
            </p>
          </div>
        ) : null}
      </div>
      <div className="border-t border-gold-400/10 px-5 py-5 text-center text-xs text-maroon-200">
        {organiser
          ? t('shell.footer.rights', { year: new Date().getFullYear(), organiser: organiser.name })
          : t('shell.footer.rightsPlain', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
});
