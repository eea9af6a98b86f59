import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverStaticPage } from '../../src/app/shell/static-page';
import { setDocumentLanguage } from '../../src/lib/i18n/language';

// React's takeover of a start page's pre-rendered screen and the app's <html lang>, against a minimal
// document: what they change at once and what they leave to after the next frame (decision 1125).

function fakeDocument(visibility: 'visible' | 'hidden') {
  const attributes = new Map<string, string>([['data-static-page', 'guest']]);
  const writes: string[] = [];
  let lang = 'gu';
  const root = {
    hasAttribute: (name: string) => attributes.has(name),
    removeAttribute: (name: string) => void attributes.delete(name),
    get lang() {
      return lang;
    },
    set lang(value: string) {
      writes.push(value);
      lang = value;
    },
  };
  const screen = {
    id: 'static-page',
    hidden: false,
    removed: false,
    removeAttribute(name: string) {
      if (name === 'id') this.id = '';
    },
    remove() {
      this.removed = true;
    },
  };
  const document = {
    visibilityState: visibility,
    documentElement: root,
    getElementById: (id: string) => (screen.id === id && !screen.removed ? screen : null),
  };
  return { document, attributes, screen, writes };
}

describe("React's takeover of the pre-rendered start page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hides the screen at once and removes it in a task after the next frame', () => {
    const page = fakeDocument('visible');
    const frames: Array<() => void> = [];
    const tasks: Array<() => void> = [];
    vi.stubGlobal('document', page.document);
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('setTimeout', (callback: () => void) => tasks.push(callback));

    takeOverStaticPage();
    expect(page.attributes.has('data-static-page')).toBe(false);
    expect(page.screen.hidden).toBe(true);
    expect(page.document.getElementById('static-page')).toBeNull();
    expect(page.screen.removed).toBe(false);

    // The frame lays the page out first (the screen's layout dropped there); the removal comes after it.
    for (const frame of frames.splice(0)) frame();
    expect(page.screen.removed).toBe(false);
    for (const task of tasks.splice(0)) task();
    expect(page.screen.removed).toBe(true);

    // Once taken over, again is nothing.
    takeOverStaticPage();
    expect(frames).toHaveLength(0);
  });

  it('removes it at once in a hidden tab, where no frame comes', () => {
    const page = fakeDocument('hidden');
    vi.stubGlobal('document', page.document);
    takeOverStaticPage();
    expect(page.screen.removed).toBe(true);
  });

  it('writes <html lang> only when it changes', () => {
    const page = fakeDocument('visible');
    vi.stubGlobal('document', page.document);
    setDocumentLanguage('gu');
    expect(page.writes).toEqual([]);
    setDocumentLanguage('en');
    expect(page.writes).toEqual(['en']);
  });
});
