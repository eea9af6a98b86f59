import { crc32, deflateSync } from 'node:zlib';

// The images a pass must carry (icon.png is required; logo.png shows on the pass's top left), drawn here
// rather than shipped as files: a maroon tile with a gold diamond, the site's colours, at 1x and 2x.

const MAROON = [0x5c, 0x0f, 0x1f] as const;
const GOLD = [0xf2, 0xc0, 0x4d] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of `width` x `height`, each pixel from `paint`. */
export function encodePng(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A gold diamond centred in a square of `size` pixels on a `width`-wide maroon band. */
function diamond(width: number, size: number): Buffer {
  const centre = size / 2;
  return encodePng(width, size, (x, y) =>
    Math.abs(x + 0.5 - centre) + Math.abs(y + 0.5 - centre) <= size * 0.38 ? GOLD : MAROON,
  );
}

let images: Record<string, Buffer> | undefined;

/** File name -> PNG bytes, made once per process. */
export function passImages(): Record<string, Buffer> {
  images ??= {
    'icon.png': diamond(29, 29),
    'icon@2x.png': diamond(58, 58),
    'logo.png': diamond(50, 50),
    'logo@2x.png': diamond(100, 100),
  };
  return images;
}
