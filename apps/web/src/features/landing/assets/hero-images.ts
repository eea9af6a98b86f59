import lanternsUrl from './hero-lanterns.svg';
import mandalaUrl from './hero-mandala.svg';

/** The two hero images the shell preloads (docs/product.md#landing) and the hero draws. */
export const HERO_IMAGES = { mandala: mandalaUrl, lanterns: lanternsUrl } as const;
