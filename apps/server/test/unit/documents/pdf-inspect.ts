import { zlibSync } from 'fflate';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  type PDFObject,
  PDFRawStream,
} from 'pdf-lib';

// Reads back what renderTicketsPdf drew, without a PDF renderer. Text set in the embedded Noto faces is
// glyph ids, so it is read from the ActualText span around each line (the characters as written); text in a
// standard font (ids) is a hex string shown with Tj outside such spans. Images are XObjects whose bytes are
// turned back into a PNG file.

export interface PdfPageContent {
  text: string[];
  /** Each image XObject of the page as a PNG file. */
  images: Uint8Array[];
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfPageContent[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const lookup = (object: PDFObject | undefined) => (object ? pdf.context.lookup(object) : undefined);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
    const text: string[] = [];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let inSpan = false;
      for (const match of source.matchAll(/\/ActualText\s*<([0-9A-Fa-f]*)>|<([0-9A-Fa-f]*)>\s*Tj|\bEMC\b/g)) {
        if (match[1] !== undefined) {
          text.push(utf16be(match[1]));
          inSpan = true;
        } else if (match[2] !== undefined) {
          if (!inSpan) text.push(Buffer.from(match[2], 'hex').toString('latin1'));
        } else inSpan = false;
      }
    }
    const images: Uint8Array[] = [];
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const stream = lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      if (stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      images.push(imageAsPng(stream));
    }
    return { text, images };
  });
}

/**
 * A Flate image with the PNG predictor holds exactly a PNG's IDAT; any other Flate image holds plain
 * rows, which get filter bytes and are compressed again. Either way the result is a PNG of the pixels a
 * PDF reader would paint.
 */
function imageAsPng(stream: PDFRawStream): Uint8Array {
  const number = (key: string, within = stream.dict) => (within.get(PDFName.of(key)) as PDFNumber).asNumber();
  const width = number('Width');
  const height = number('Height');
  const bits = number('BitsPerComponent');
  const gray = stream.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray');
  const parms = stream.dict.lookupMaybe(PDFName.of('DecodeParms'), PDFDict);
  const predicted = parms !== undefined && number('Predictor', parms) >= 10;
  let idat: Uint8Array;
  if (predicted) {
    idat = stream.contents;
  } else {
    const raw = decodePDFRawStream(stream).decode();
    const rowBytes = Math.ceil((width * bits * (gray ? 1 : 3)) / 8);
    const rows = new Uint8Array((rowBytes + 1) * height);
    for (let y = 0; y < height; y++)
      rows.set(raw.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
    idat = zlibSync(rows);
  }
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header[8] = bits;
  header[9] = gray ? 0 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PDF text string in UTF-16BE with its byte-order mark, as pdf-lib's PDFHexString.fromText writes it. */
function utf16be(hex: string): string {
  const bytes = Buffer.from(hex.replace(/^feff/i, ''), 'hex');
  return bytes.swap16().toString('utf16le');
}
