import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HeaderSignInButton, HeaderSignInPlaceholder } from '../../features/auth/components/sign-in-button';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useAuth } from '../../features/auth/context/auth-context';
import { scrollToTop } from '../../lib/scroll';
import { LanguageSwitcher } from './language-switcher';
import { useNavigationActions } from './use-navigation-actions';

const SHRINK_AFTER_PX = 24;

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // The first reading waits for the next frame too: reading scrollY right after the page's commit would
    // lay out the whole new page inside the commit's task (decision 1116); in the frame it is the frame's layout.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return scrolled;
}

/**
 * Marks <html data-header="scrolls"> while the header wraps and scrolls with the page (large text on a phone), so
 * a jump to a section (scroll-padding-top, styles.css) stops at the top of the screen instead of leaving room
 * for a fixed bar that is not there. Only the header knows: its position comes from a container query.
 */
function useHeaderPlacement(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      if (getComputedStyle(element).position === 'fixed') delete root.dataset.header;
      else root.dataset.header = 'scrolls';
    };
    // No update() here: the observer's first notice comes after the next layout, before that frame paints,
    // and asking for the computed style now would force the whole new page's style inside React's commit.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => {
      observer.disconnect();
      delete root.dataset.header;
    };
  }, [header]);
}

/** Fixed title bar that shrinks and fades once the page scrolls (docs/product.md#shell). */
export function Header() {
  const { t } = useTranslation();
  const scrolled = useScrolled(SHRINK_AFTER_PX);
  const { status, role } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { toDashboard, toMyTickets, afterSignIn } = useNavigationActions();
  const headerRef = useRef<HTMLElement>(null);
  useHeaderPlacement(headerRef);

  function onTitle() {
    if (pathname === '/') scrollToTop();
    else navigate('/');
  }

  // One row on a phone at 390 px in every language (the title keeps its size, the account parts never wrap
  // below it), so the bar's height is its own h-18/h-14 and the pages' top padding (pt-below-header) clears
  // it. Large text on a phone (narrower than the header-row container size, 20rem: 390 px at 200% text): the
  // bar's parts no longer fit in one row, so it wraps and scrolls away with the page instead of covering a
  // third of it, and the pages' padding shrinks to match.
  return (
    <div className="@container">
      <header
        ref={headerRef}
        className={`fixed inset-x-0 top-0 z-40 @max-header-row:relative transition-[background-color,box-shadow,backdrop-filter] duration-300 ${
          scrolled
            ? 'bg-maroon-950/85 shadow-[0_8px_24px_-12px_rgb(0_0_0/0.8)] backdrop-blur-md'
            : 'bg-gradient-to-b from-maroon-950/80 to-transparent'
        }`}
      >
        <div
          className={`mx-auto flex max-w-6xl flex-nowrap items-center justify-between gap-2 px-4 transition-[height] duration-300 @max-header-row:h-auto @max-header-row:flex-wrap @max-header-row:py-2 sm:px-6 ${
            scrolled ? 'h-14' : 'h-18'
          }`}
        >
          <button
            type="button"
            onClick={onTitle}
            aria-label={pathname === '/' ? t('shell.backToTop') : t('shell.goHome')}
            className={`flex shrink-0 origin-left items-center gap-2 rounded-lg font-display font-bold tracking-wide text-gold-200 transition-[transform,opacity] duration-300 ${
              scrolled ? 'scale-90 opacity-85' : 'scale-100 opacity-100'
            }`}
          >
            <span aria-hidden="true" className="text-2xl text-saffron-300">
              ✺
            </span>
            <span className="text-xl sm:text-2xl">Utsav</span>
            <span className="hidden text-sm font-normal text-maroon-100 italic lg:inline">
              {t('shell.tagline')}
            </span>
          </button>

          {/* Takes the rest of the bar, so the spinner turning into a wider sign-in button moves nothing. */}
          <nav
            aria-label={t('shell.accountNav')}
            className="flex min-w-0 flex-1 flex-nowrap items-center justify-end gap-2 @max-header-row:basis-full @max-header-row:flex-wrap"
          >
            <LanguageSwitcher />
            {status === 'loading' || status === 'initializing' ? (
              <HeaderSignInPlaceholder label={t('shell.loadingAccount')} />
            ) : status === 'signed-out' ? (
              <HeaderSignInButton onSignedIn={afterSignIn} />
            ) : (
              <UserMenu
                onDashboard={() => toDashboard(role)}
                onMyTickets={toMyTickets}
                onQrScanner={() => toDashboard('qrchecker')}
                onManageUsers={() => toDashboard(role, { view: 'user-management' })}
              />
            )}
          </nav>
        </div>
      </header>
    </div>
  );
}
