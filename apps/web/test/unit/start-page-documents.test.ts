import { describe, expect, it } from 'vitest';
import { markStartPage, startPageDocuments, startPageFile } from '../../build/start-page-documents';

// index.html as the build leaves it before the split: every first screen between its markers (vite.config.ts).
const BUILT = `<!doctype html>
<html lang="en">
  <head><script>boot()</script><!--landing-only--><link rel="preload" as="image" href="/assets/mandala.svg" /><!--/landing-only--></head>
  <body>
    <!--hero-backdrop--><div id="hero-backdrop"><img src="/assets/mandala.svg" /></div><!--/hero-backdrop-->
    ${markStartPage('scanner', '<div id="static-page">scanner screens</div>')}${markStartPage('guest', '<div id="static-page">guest screens</div>')}
    <div id="root"><!--landing-only--><div id="static-landing">landing</div><!--/landing-only--></div>
  </body>
</html>`;
const PAGES = [
  { name: 'scanner', address: '/dashboard/qrchecker' },
  { name: 'guest', address: '/dashboard/guest' },
];

describe("the start pages' documents", () => {
  const documents = startPageDocuments(BUILT, PAGES);

  it('are one per start page, named for its address, beside index.html', () => {
    expect(Object.keys(documents).sort()).toEqual([
      'dashboard/guest.html',
      'dashboard/qrchecker.html',
      'index.html',
    ]);
    expect(startPageFile('/dashboard/guest')).toBe('dashboard/guest.html');
  });

  it("leave index.html the landing's: its screen, hero and preloads, no start page's screen", () => {
    const index = documents['index.html'] ?? '';
    expect(index).toContain('<div id="static-landing">landing</div>');
    expect(index).toContain('<div id="hero-backdrop">');
    expect(index).toContain('as="image"');
    expect(index).not.toContain('static-page');
    expect(index).not.toMatch(/<!--\/?(landing-only|hero-backdrop|start-page)/);
  });

  it("carry their own page's screen, named on <html>, and none of the landing's (its backdrop inert)", () => {
    const guest = documents['dashboard/guest.html'] ?? '';
    expect(guest).toContain('<html lang="en" data-static-page="guest">');
    expect(guest).toContain('<div id="static-page">guest screens</div>');
    expect(guest).not.toContain('scanner screens');
    expect(guest).not.toContain('static-landing');
    expect(guest).not.toContain('as="image"');
    expect(guest).toContain('<template id="hero-backdrop-template"><div id="hero-backdrop">');
    // The same head, so the same boot script (one CSP hash).
    expect(guest).toContain('<script>boot()</script>');
  });

  it('refuse a build whose markers are missing or name other pages', () => {
    expect(() => startPageDocuments(BUILT.replaceAll('<!--hero-backdrop-->', ''), PAGES)).toThrow();
    expect(() => startPageDocuments(BUILT, PAGES.slice(1))).toThrow(/start pages/);
  });
});
