// Only the file's URL lands in the scanner chunk; Vite emits the 1 MB module as a hashed asset of our own
// bundle, so the scanner works on venue Wi-Fi that blocks CDNs and under a CSP that allows only 'self'.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type DecoderKind = 'native' | 'zxing';

export interface QrDetector {
  kind: DecoderKind;
  /** The text of every QR code in the current frame (usually zero or one). */
  detect(source: HTMLVideoElement): Promise<string[]>;
}

// The DOM typings do not know BarcodeDetector yet; this is the part of it we use.
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

function wrap(kind: DecoderKind, detector: BarcodeDetectorLike): QrDetector {
  return {
    kind,
    detect: async (source) => (await detector.detect(source)).map((barcode) => barcode.rawValue),
  };
}

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    // Chrome on desktop Linux/Windows exposes the class but supports no formats at all.
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? wrap('native', new Native({ formats: ['qr_code'] })) : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<QrDetector> {
  // A dynamic import keeps the ponyfill (and the wasm it pulls) out of every chunk but the scanner's.
  // prepareZXingModule must come from the ponyfill, not from 'zxing-wasm/reader': the ponyfill bundles its
  // own copy of the loader, and only that copy's settings reach the detector.
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import('barcode-detector/ponyfill');
  try {
    // Without locateFile the loader fetches the wasm from jsDelivr. fireImmediately: fetch and compile now,
    // in parallel with the camera starting, so the first frame is decoded without waiting, and a missing
    // wasm is reported as 'Failed to initialize scanner' instead of failing silently on every frame.
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
  } catch (error) {
    // The loader caches its promise, rejected or not; forget it so "Try Again" fetches again.
    purgeZXingModule();
    throw error;
  }
  return wrap('zxing', new BarcodeDetector({ formats: ['qr_code'] }));
}

/** The browser's own detector where it reads QR codes (Chrome on Android, macOS), else zxing-wasm. */
export async function createQrDetector(): Promise<QrDetector> {
  return (await nativeDetector()) ?? (await zxingDetector());
}

let shared: Promise<QrDetector> | null = null;

/** One detector per page: restarting the camera must not compile the wasm again. */
export function getQrDetector(): Promise<QrDetector> {
  if (!shared) {
    shared = createQrDetector();
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}
