import type { Language } from '@utsav/domain/languages';

// Devanagari and Gujarati faces are registered only when that language is chosen, and only their own
// script's subset (unicode-range), so an English visitor downloads no extra font at all.
const loaders: Partial<Record<Language, () => Promise<{ registerFonts(): void }>>> = {
  hi: () => import('./fonts-devanagari'),
  gu: () => import('./fonts-gujarati'),
};

const registered = new Set<Language>();

export async function loadScriptFonts(language: Language): Promise<void> {
  const load = loaders[language];
  if (!load || registered.has(language) || typeof document === 'undefined' || !('fonts' in document)) return;
  registered.add(language);
  (await load()).registerFonts();
}

export function registerFontFaces(family: string, unicodeRange: string, faces: Record<string, string>): void {
  for (const [weight, url] of Object.entries(faces)) {
    const face = new FontFace(family, `url(${url}) format('woff2')`, {
      weight,
      unicodeRange,
      display: 'swap',
    });
    document.fonts.add(face);
    // Fetched by the browser only when text of that range is drawn; a failure leaves the system font.
    void face.load().catch(() => undefined);
  }
}
