import regular from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-700-normal.woff2?url';
import { registerFontFaces } from './fonts';

const GUJARATI = 'U+0951-0952,U+0964-0965,U+0A80-0AFF,U+200C-200D,U+20B9,U+25CC,U+A830-A839';

export function registerFonts(): void {
  registerFontFaces('Noto Sans Gujarati', GUJARATI, { 400: regular, 700: bold });
}
