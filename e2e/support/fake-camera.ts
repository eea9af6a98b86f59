import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

// Chromium's --use-file-for-fake-video-capture plays a YUV4MPEG2 file as the camera (looping its frames).
// Drawn here in plain Node so the tests need no ffmpeg: a white 640x480 picture with one QR in the middle.

const WIDTH = 640;
const HEIGHT = 480;
const QUIET_ZONE_MODULES = 4;
const FRAMES = 3;
// BT.601 studio range: what a real camera's I420 carries for black and white.
const Y_BLACK = 16;
const Y_WHITE = 235;
const CHROMA_NEUTRAL = 128;

export interface FakeCameraOptions {
  /** Height of the QR, quiet zone included, as a share of the frame's height. */
  qrFraction?: number;
}

/** The Y plane of a white frame with `text` as a QR code centred in it. */
export function renderQrLuma(text: string, { qrFraction = 0.5 }: FakeCameraOptions = {}): Uint8Array {
  const { modules } = QRCode.create(text);
  const side = modules.size + 2 * QUIET_ZONE_MODULES;
  // Whole pixels per module, as a screen shows a QR; never below one.
  const scale = Math.max(1, Math.floor((HEIGHT * qrFraction) / side));
  const origin = { x: Math.floor((WIDTH - side * scale) / 2), y: Math.floor((HEIGHT - side * scale) / 2) };

  const luma = new Uint8Array(WIDTH * HEIGHT).fill(Y_WHITE);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      const top = origin.y + (row + QUIET_ZONE_MODULES) * scale;
      const left = origin.x + (col + QUIET_ZONE_MODULES) * scale;
      for (let y = top; y < top + scale; y += 1)
        luma.fill(Y_BLACK, y * WIDTH + left, y * WIDTH + left + scale);
    }
  }
  return luma;
}

/** Writes `file` (an absolute path ending in .y4m: Chromium picks the parser by extension). */
export function writeFakeCameraY4m(text: string, file: string, options: FakeCameraOptions = {}): void {
  if (!file.endsWith('.y4m')) throw new Error(`Chromium reads a fake camera file only as .y4m: ${file}`);
  const luma = renderQrLuma(text, options);
  // I420: full-size Y, then quarter-size U and V; a grey picture has neutral chroma.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), CHROMA_NEUTRAL);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/** Chromium flags for a camera that plays `file` (see writeFakeCameraY4m), allowed without a prompt. */
export function fakeCameraFlags(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
