import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// zxing-wasm fetches its .wasm from a CDN unless told otherwise; the bytes of the copy inside the
// package are handed over directly, so decoding works offline and no test depends on the network.
const require = createRequire(import.meta.url);
const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
let ready: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  ready ??= readFile(wasmPath).then((bytes) =>
    prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        locateFile: (file: string) => (file.endsWith('.wasm') ? wasmPath : file),
      },
      fireImmediately: true,
    }),
  );
  return ready;
}

/**
 * The texts of every QR code in an encoded image (PNG, JPEG). `tryHarder: false` decodes as a scanner reading
 * live frames does: one quick pass, no rotations or extra binarisations.
 */
export async function decodeQrImage(
  image: Uint8Array,
  options: { tryHarder?: boolean } = {},
): Promise<string[]> {
  await prepare();
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: options.tryHarder ?? true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
