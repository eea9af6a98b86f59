import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

// Gate volunteers scan these from phone screens (glare, cracked glass, low brightness, moire) and from
// home-printed paper. Two settings matter most for that:
// - Error correction 'M' (~15% recoverable). The token is ~150 characters; 'Q' or 'H' would push the
//   symbol up one or two versions, making every module smaller at the same printed size, and small
//   modules are what actually defeats a phone camera pointed at another phone. 'M' still survives a
//   smudge or a notch in the screen.
// - A quiet zone of 4 modules, the minimum ISO/IEC 18004 requires. Dark-mode wallpapers, ticket borders
//   and screen bezels otherwise run into the finder patterns and the decoder cannot find the symbol.
// Pure black on pure white: the highest contrast, and what every decoder is tuned for.
const ERROR_CORRECTION = 'M';
// One fixed mask instead of qrcode's search over all eight (each applied, scored for the four ISO penalty rules,
// undone): the search was ~0.55 of ~0.64 ms per image. The mask used is written in the symbol's format
// information, which every decoder reads first, so any of the eight makes a valid, readable code; the penalty
// only steers an encoder away from masks that look like finder patterns or large blocks. Mask 2 (every third
// column) is the one the search itself picked most often for signed ticket tokens (182 of 500; mask 0: 2), with
// the lowest mean and worst-case penalty of the eight over 300 tokens; the unit test decodes hundreds of tokens
// with the gate scanner's decoder (zxing). Cost of an image's symbol: ~600 -> ~75 µs.
const MASK_PATTERN = 2;
export const QR_QUIET_ZONE_MODULES = 4;

export interface QrPngOptions {
  /** Largest width in pixels; the image is at most this wide (default 512). */
  size?: number;
}

/**
 * PNG bytes of a QR code for `text`. The pixels per module are a whole number, so every module is
 * exactly the same size (no uneven columns from fractional scaling); the image is therefore at most
 * `size` pixels wide, never wider, and never less than 1 pixel per module.
 */
export async function qrPngBytes(text: string, options: QrPngOptions = {}): Promise<Uint8Array> {
  return qrImage(text, options).png;
}

export interface QrImage {
  /** The whole PNG file. */
  png: Uint8Array;
  /** Width and height in pixels. */
  width: number;
  /**
   * The PNG's image data (IDAT): 1-bit greyscale scanlines, each led by its PNG filter byte,
   * zlib-compressed. A PDF image XObject can carry these bytes unchanged (FlateDecode with
   * DecodeParms Predictor 15, Colors 1, BitsPerComponent 1, Columns width).
   */
  compressedScanlines: Uint8Array;
}

/**
 * qrcode computes the symbol (encoding, error correction, masking); the PNG is written here as a 1-bit
 * greyscale image. qrcode's own PNG renderer goes through RGBA pixel by pixel and took ~230 ms for a
 * 720 px code; this takes a few milliseconds and is ~1 KB.
 */
export function qrImage(text: string, options: QrPngOptions = {}): QrImage {
  // One byte-mode segment: a ticket token has lowercase letters throughout, so byte mode is what a symbol of it
  // mostly is anyway, and qrcode's search for the cheapest mix of modes (a shortest path over every split of the
  // text) was half the cost of an image (~0.6 of ~1.3 ms). Same version for ticket tokens (<= 8 at 'M').
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: ERROR_CORRECTION,
    maskPattern: MASK_PATTERN,
  });
  const sizeInModules = modules.size + 2 * QR_QUIET_ZONE_MODULES;
  const scale = Math.max(1, Math.floor((options.size ?? 512) / sizeInModules));
  return encodeQrPng(modules, scale);
}

/** A standalone SVG document of the QR code; scales to any size without blurring. */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    maskPattern: MASK_PATTERN,
    margin: QR_QUIET_ZONE_MODULES,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

interface ModuleMatrix {
  size: number;
  data: Uint8Array;
}

function encodeQrPng(modules: ModuleMatrix, scale: number): QrImage {
  const width = (modules.size + 2 * QR_QUIET_ZONE_MODULES) * scale;
  const rowBytes = Math.ceil(width / 8);
  const stride = rowBytes + 1; // each scanline starts with its filter type (0: none)
  const raw = new Uint8Array(stride * width);
  // Bit 1 is white in greyscale: start all white, then clear the dark modules' bits.
  for (let y = 0; y < width; y++) raw.fill(0xff, y * stride + 1, (y + 1) * stride);
  for (let row = 0; row < modules.size; row++) {
    const firstLine = (row + QR_QUIET_ZONE_MODULES) * scale;
    const line = firstLine * stride + 1;
    for (let col = 0; col < modules.size; col++) {
      if (!modules.data[row * modules.size + col]) continue;
      const x0 = (col + QR_QUIET_ZONE_MODULES) * scale;
      for (let x = x0; x < x0 + scale; x++) raw[line + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    // The other lines of the same module row are identical copies of the first.
    for (let dy = 1; dy < scale; dy++)
      raw.copyWithin((firstLine + dy) * stride, firstLine * stride, (firstLine + 1) * stride);
  }

  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, width);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: greyscale
  // node:zlib (native) at its default level: fflate's pure-JS level 9 took ~340 µs for a 240 px image and ~3.9 ms
  // for the PDF's 480 px one; this takes ~90 / ~300 µs and its output is smaller still (590 / 704 B).
  const deflated = deflateSync(raw, { level: 6 });
  const compressedScanlines = new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.byteLength);
  const png = concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', compressedScanlines),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
  return { png, width, compressedScanlines };
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
