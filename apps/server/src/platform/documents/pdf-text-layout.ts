import type { Color, PDFPage } from 'pdf-lib';
import { letterSpacing, type TextFont } from './pdf-fonts';

// Measuring, wrapping and placing lines of text on a ticket page, for any TextFont (shaped multi-script
// Noto or a standard font): the layout never assumes one glyph per character.

export interface TextStyle {
  size: number;
  font: TextFont;
  color: Color;
}

export function drawSpaced(
  page: PDFPage,
  text: string,
  style: TextStyle & { x: number; y: number; spacing: number },
) {
  style.font.draw(page, text, {
    x: style.x,
    y: style.y,
    size: style.size,
    color: style.color,
    characterSpacing: style.spacing,
  });
}

export function spacedWidth(text: string, font: TextFont, size: number, spacing: number): number {
  return font.widthOfTextAtSize(text, size) + letterSpacing(text, spacing) * [...text].length;
}

export function drawCentered(
  page: PDFPage,
  text: string,
  style: TextStyle & { centerX: number; y: number; maxWidth?: number },
) {
  const line = style.maxWidth ? truncate(text, style.font, style.size, style.maxWidth) : text;
  const width = style.font.widthOfTextAtSize(line, style.size);
  style.font.draw(page, line, {
    x: style.centerX - width / 2,
    y: style.y,
    size: style.size,
    color: style.color,
  });
}

export function fitSize(text: string, font: TextFont, maxWidth: number): number {
  const widthAtOne = font.widthOfTextAtSize(text, 1);
  return widthAtOne === 0 ? 12 : maxWidth / widthAtOne;
}

/** The largest size at which the text fits in maxLines lines; at the smallest size, the last line is cut with "...". */
export function fitText(
  text: string,
  font: TextFont,
  options: { maxWidth: number; maxLines: number; sizes: number[] },
): { lines: string[]; size: number } {
  for (const size of options.sizes) {
    const lines = wrap(text, font, size, options.maxWidth);
    if (lines.length <= options.maxLines) return { lines, size };
  }
  const size = options.sizes[options.sizes.length - 1] ?? 10;
  const lines = wrap(text, font, size, options.maxWidth).slice(0, options.maxLines);
  const last = lines.length - 1;
  lines[last] = truncate(`${lines[last]}...`, font, size, options.maxWidth);
  return { lines, size };
}

function wrap(text: string, font: TextFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  // A single word wider than the line (a long id, a URL) is cut rather than overflowing the card.
  return (lines.length ? lines : ['']).map((l) => truncate(l, font, size, maxWidth));
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Cut at whole letters (a Devanagari or Gujarati syllable with its matras stays together), then "...". */
export function truncate(text: string, font: TextFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const letters = [...graphemes.segment(text)].map((part) => part.segment);
  while (letters.length > 1 && font.widthOfTextAtSize(`${letters.join('')}...`, size) > maxWidth)
    letters.pop();
  return `${letters.join('').trimEnd()}...`;
}

/** An SVG path of a rectangle whose top corners have radius `top` and bottom corners `bottom` (y grows downwards). */
export function roundedRectPath(width: number, height: number, top: number, bottom: number): string {
  return [
    `M ${top} 0`,
    `L ${width - top} 0`,
    `Q ${width} 0 ${width} ${top}`,
    `L ${width} ${height - bottom}`,
    `Q ${width} ${height} ${width - bottom} ${height}`,
    `L ${bottom} ${height}`,
    `Q 0 ${height} 0 ${height - bottom}`,
    `L 0 ${top}`,
    `Q 0 0 ${top} 0`,
    'Z',
  ].join(' ');
}
