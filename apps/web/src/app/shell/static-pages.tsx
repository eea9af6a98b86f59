import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@utsav/domain/languages';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AuthContext, type AuthContextValue } from '../../features/auth/context/auth-context';
import ScannerDashboard from '../../features/scanner/components/scanner-dashboard';
import { ALL_AREAS, loadAreaCatalog } from '../../lib/i18n/catalogs';
import { i18n } from '../../lib/i18n/i18n';
import GuestView from '../routes/guest-view';
import { Header } from './header';
import { STATIC_PAGE_ID, STATIC_PAGES } from './static-page';

export { STATIC_PAGES };

/**
 * The app's own i18next instance in `language` with every area's catalog: the pages also translate outside
 * React (ticket statuses through `i18n.t`), so the instance React is given must be that one.
 */
async function translator(language: Language) {
  const catalogs = await Promise.all(
    ALL_AREAS.map(async (area) => [area, await loadAreaCatalog(language, area)] as const),
  );
  for (const [area, catalog] of catalogs)
    i18n.addResourceBundle(language, 'translation', { [area]: catalog }, true, true);
  await i18n.changeLanguage(language);
  return i18n;
}

/** What each start page's first screen is: the page's own component, as React's first render draws it. */
const SCREENS: Record<keyof typeof STATIC_PAGES, () => ReactNode> = {
  scanner: () => <ScannerDashboard />,
  guest: () => <GuestView />,
};

const never = () => new Promise<never>(() => undefined);
/** A person signed in, not yet known by name: what the pre-rendered page may say before the session is read. */
const SIGNED_IN_UNKNOWN: AuthContextValue = {
  status: 'signed-in',
  user: null,
  identityUser: null,
  unconfirmed: false,
  role: null,
  signingIn: false,
  signingOut: false,
  error: null,
  clearError: () => undefined,
  signIn: never,
  signOut: never,
  refreshUser: never,
};
/** The header's first render: the account not known yet (a spinner where the menu will be). */
const ACCOUNT_LOADING: AuthContextValue = { ...SIGNED_IN_UNKNOWN, status: 'loading' };

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * My Tickets' greeting ("Welcome!") with the words it has once the person's name is known, for the boot script
 * (in the page's own document), which fills in the name from this phone's saved copy of the person
 * (lib/offline/person-store.ts) before the app runs: the greeting React draws then has the same words and size.
 */
function greetingForSavedName(markup: string): string {
  const template = i18n.t('tickets.dashboard.welcomeName', { name: '{name}' });
  if (!markup.includes('<h1 ')) throw new Error("My Tickets' first screen has no <h1>");
  return markup.replace('<h1 ', `<h1 data-saved-name="${escapeAttribute(template)}" `);
}

async function renderPage(page: keyof typeof STATIC_PAGES, language: Language): Promise<string> {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={await translator(language)}>
      {/* A client that never fetches: the first render shows what it shows before any answer. */}
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
        {/* RootLayout's frame around a page: the header as React first draws it (the account still loading;
            with large text it is in the page's flow, so the page below it does not move when React takes
            over), and the page. */}
        <MemoryRouter initialEntries={[STATIC_PAGES[page]]}>
          <div className="@container">
            <AuthContext.Provider value={ACCOUNT_LOADING}>
              <Header />
            </AuthContext.Provider>
            <AuthContext.Provider value={SIGNED_IN_UNKNOWN}>
              <main className="min-h-dvh">{SCREENS[page]()}</main>
            </AuthContext.Provider>
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
    { identifierPrefix: `static-${page}-${language}-` },
  );
  const shown = page === 'guest' ? greetingForSavedName(markup) : markup;
  // Its text fields are read-only until React's replace them: what was typed into them would be lost (the boot
  // script likewise keeps a box from being ticked and a form from being sent).
  const readOnly = shown.replace(/<input (?![^>]*type="checkbox")/g, '<input readonly="" ');
  return `<div data-static-page-name="${page}" data-static-language="${language}" lang="${language}">${readOnly}</div>`;
}

/**
 * The installed apps' start pages' first screens as HTML, rendered at build time (vite.config.ts) once per
 * page and language, each page's for its own document (build/start-page-documents.ts), beside #root: the
 * scanner's (its camera off, as it opens). Each is the page component's own first render, with no stored
 * state (the phone's gate name, counters and device id come with React). The boot script shows the reader's
 * language and hides #root until the page has mounted (static-page.ts), so React's loading states never show
 * in between.
 */
export async function renderStaticPages(): Promise<Record<keyof typeof STATIC_PAGES, string>> {
  // The page's first render reads the phone's device settings (localStorage) and whether the browser is
  // online (navigator.onLine, as React's first render on a phone that is); at build time there are neither,
  // and the device id it would make up must not be baked into the HTML: a dash stands for it until React's
  // render.
  const stored = new Map([
    ['utsav.scanner.device', JSON.stringify({ deviceId: '—', gate: '', feedback: true })],
  ]);
  const stubs: Record<string, unknown> = {
    localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: () => undefined },
    navigator: { onLine: true, language: 'en', languages: ['en'] },
  };
  const previous = Object.keys(stubs).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(stubs))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  try {
    const rendered = {} as Record<keyof typeof STATIC_PAGES, string>;
    for (const page of Object.keys(STATIC_PAGES) as (keyof typeof STATIC_PAGES)[]) {
      const screens = [];
      for (const language of LANGUAGES) screens.push(await renderPage(page, language));
      rendered[page] = `<div id="${STATIC_PAGE_ID}">${screens.join('')}</div>`;
    }
    return rendered;
  } finally {
    for (const [name, descriptor] of previous)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
  }
}
