/**
 * The catalog areas the landing page's first screen needs (header, hero, sign-in, the hero's sales
 * countdown from queue), and the crash screen's (errors: it must speak even when nothing more can be
 * fetched). English ships them in the first chunk; Hindi and Gujarati load them, as one chunk per language,
 * before the first render; every other area loads with the code that uses it (areas.ts). Read by the app
 * (catalogs.ts, whose two globs must name the same files: test/unit/i18n-areas.test.ts checks) and by the
 * build (build/catalog-areas.ts).
 */
export const FIRST_SCREEN_AREAS: readonly string[] = ['shell', 'landing', 'auth', 'errors', 'queue'];
