// @pdf-lib/fontkit's Indic shaper was compiled with Babel's generators and expects the regenerator runtime as a
// global; without it, Devanagari and Gujarati text throws "regeneratorRuntime is not defined".
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import {
  type Color,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type Rotation,
  StandardFonts,
  setCharacterSpacing,
} from 'pdf-lib';
import { woffToSfnt } from './woff';

// Names, venues and labels arrive in Latin, Devanagari or Gujarati (often mixed: "Ticket for પ્રિયા"). One
// font cannot print all three, so a line is cut into runs of one script and each run is drawn with the
// Noto face that has its glyphs; fontkit shapes each run (conjuncts, matra reordering). The faces are embedded
// as subsets, so a PDF carries only the glyphs it prints. Each drawn line is wrapped in an ActualText span:
// text extraction, search and screen readers get the characters as written, not the glyphs' visual order.

const require = createRequire(import.meta.url);

type Weight = 400 | 700;

/** The faces tried in order for each character; the first that has a glyph draws it. */
const FACES = [
  (weight: Weight) => `@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`,
  (weight: Weight) => `@fontsource/noto-sans/files/noto-sans-latin-ext-${weight}-normal.woff`,
  (weight: Weight) =>
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`,
  (weight: Weight) =>
    `@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-${weight}-normal.woff`,
];

const fileCache = new Map<string, Promise<Buffer>>();
function fontFile(path: string): Promise<Buffer> {
  let found = fileCache.get(path);
  if (!found) {
    found = readFile(require.resolve(path)).then(woffToSfnt);
    fileCache.set(path, found);
  }
  return found;
}

// Parsing a WOFF face costs tens of milliseconds; pdf-lib would parse each face again for every document.
// The files are read once and kept, so their parsed faces can be kept too (fontkit's Font is not changed by
// layout or subsetting: each document makes its own subset).
const parsedFaces = new WeakMap<Uint8Array, Font>();
const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    let face = parsedFaces.get(data);
    if (!face) {
      face = fontkit.create(data, postscriptName);
      parsedFaces.set(data, face);
    }
    return face;
  },
};

const INDIC = /[\u0900-\u0dff]/;

/**
 * Letter-spacing for a run: none in Devanagari or Gujarati, where extra space between glyphs would pull the
 * matras and conjunct parts away from their letters.
 */
export function letterSpacing(text: string, spacing: number | undefined): number {
  return spacing && !INDIC.test(text) ? spacing : 0;
}

/** Joiners, variation selectors and combining marks belong to the run of the character before them. */
function clings(codePoint: number): boolean {
  return (
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0x0300 && codePoint <= 0x036f)
  );
}

interface Run {
  font: PDFFont;
  text: string;
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  color: Color;
  /** Extra space between characters, in points (letter-spaced labels). */
  characterSpacing?: number;
  opacity?: number;
  /** Rotated text is drawn as one run from (x, y): use it for text of one script only (a status stamp). */
  rotate?: Rotation;
}

/** What the ticket layout needs of a font: measure a line, draw a line. */
export interface TextFont {
  widthOfTextAtSize(text: string, size: number): number;
  draw(page: PDFPage, text: string, options: DrawOptions): void;
}

/** A family of faces covering Latin (with ₹), Devanagari and Gujarati, in one weight. */
export class MultiScriptFont implements TextFont {
  private readonly coverage: Array<{ face: PDFFont; codePoints: Set<number> }>;

  constructor(faces: PDFFont[]) {
    this.coverage = faces.map((face) => ({ face, codePoints: new Set(face.getCharacterSet()) }));
  }

  /** Whether the text has letters and every letter has a glyph in some face (else it prints empty boxes). */
  printable(text: string): boolean {
    const letters = [...text].filter((char) => /[\p{L}\p{N}]/u.test(char));
    return (
      letters.length > 0 &&
      letters.every((char) => this.coverage.some(({ codePoints }) => codePoints.has(char.codePointAt(0)!)))
    );
  }

  private faceFor(codePoint: number): PDFFont {
    for (const { face, codePoints } of this.coverage) if (codePoints.has(codePoint)) return face;
    return this.coverage[0]!.face; // drawn as the face's .notdef box rather than failing the whole document
  }

  runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const char of text) {
      const last = runs.at(-1);
      const codePoint = char.codePointAt(0)!;
      // A space keeps the run going, so a name in one script stays one shaped run.
      const font = last && (clings(codePoint) || char === ' ') ? last.font : this.faceFor(codePoint);
      if (last && last.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  draw(page: PDFPage, text: string, options: DrawOptions): void {
    withActualText(page, text, () => {
      let x = options.x;
      for (const run of this.runs(text)) {
        const characterSpacing = letterSpacing(run.text, options.characterSpacing);
        drawRun(page, run.text, run.font, { ...options, x, characterSpacing });
        x += run.font.widthOfTextAtSize(run.text, options.size) + characterSpacing * [...run.text].length;
      }
    });
  }
}

/** A standard PDF font (no embedding) for text known to be ASCII: ticket ids, codes. */
class StandardTextFont implements TextFont {
  constructor(private readonly font: PDFFont) {}

  widthOfTextAtSize(text: string, size: number): number {
    return this.font.widthOfTextAtSize(text, size);
  }

  draw(page: PDFPage, text: string, options: DrawOptions): void {
    drawRun(page, text, this.font, options);
  }
}

function drawRun(page: PDFPage, text: string, font: PDFFont, options: DrawOptions): void {
  const spacing = options.characterSpacing;
  if (spacing) page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
  page.drawText(text, {
    x: options.x,
    y: options.y,
    size: options.size,
    font,
    color: options.color,
    ...(options.opacity === undefined ? {} : { opacity: options.opacity }),
    ...(options.rotate ? { rotate: options.rotate } : {}),
  });
  if (spacing) page.pushOperators(popGraphicsState());
}

function withActualText(page: PDFPage, text: string, draw: () => void): void {
  // An inline property dictionary is a valid BDC operand (PDF 32000 §14.6.2); pdf-lib's operand type omits
  // dictionaries but writes them correctly.
  const properties = page.doc.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName;
  page.pushOperators(PDFOperator.of('BDC' as never, [PDFName.of('Span'), properties]));
  draw();
  page.pushOperators(PDFOperator.of('EMC' as never));
}

export interface DocumentFonts {
  regular: MultiScriptFont;
  bold: MultiScriptFont;
  mono: TextFont;
  monoBold: TextFont;
}

/**
 * The faces of one weight that the document's text needs: the Latin face always (it draws what no face has),
 * another only when some character of the text is first found in it. A ticket for "Asha" embeds no Gujarati.
 */
async function family(pdf: PDFDocument, weight: Weight, text: string): Promise<MultiScriptFont> {
  const files = await Promise.all(FACES.map((face) => fontFile(face(weight))));
  const parsed = files.map((file) => cachingFontkit.create(file));
  const needed = new Set<number>([0]);
  for (const char of new Set(text)) {
    const codePoint = char.codePointAt(0)!;
    const index = parsed.findIndex((face) => face.hasGlyphForCodePoint(codePoint));
    if (index >= 0) needed.add(index);
  }
  const faces = await Promise.all(
    files.filter((_, index) => needed.has(index)).map((file) => pdf.embedFont(file, { subset: true })),
  );
  return new MultiScriptFont(faces);
}

/**
 * Embeds the faces needed to print `text` (everything the document will draw in the text faces), as subsets:
 * only the glyphs used end up in the file.
 */
export async function embedDocumentFonts(pdf: PDFDocument, text: string): Promise<DocumentFonts> {
  pdf.registerFontkit(cachingFontkit);
  const [regular, bold, mono, monoBold] = await Promise.all([
    family(pdf, 400, text),
    family(pdf, 700, text),
    pdf.embedFont(StandardFonts.Courier),
    pdf.embedFont(StandardFonts.CourierBold),
  ]);
  return { regular, bold, mono: new StandardTextFont(mono), monoBold: new StandardTextFont(monoBold) };
}
