import { SCANNER_RESTART_MS, SCANNER_VIDEO_CHECK_MS } from '@utsav/domain/constants';
import { CAMERA_MESSAGES, CameraError, type CameraMessage, startCamera, stopCamera } from './camera';
import { type DecoderKind, getQrDetector, type QrDetector } from './decoder';
import { type HeldCode, isHeldCode, SAME_CODE_HOLD_MS, shouldAcceptScan } from './scan-gate';

/** off → starting → on ⇄ paused (a scan is being handled); any of them → error; stop() → off. */
export type ScannerState = 'off' | 'starting' | 'on' | 'paused' | 'error';

export interface ScannerSnapshot {
  state: ScannerState;
  /** Set only in the 'error' state. */
  error: CameraMessage | null;
  /** Which decoder reads the frames, once the scanner has started. */
  decoder: DecoderKind | null;
}

export interface ScanSessionOptions {
  /** Receives each accepted code, trimmed. Scanning stays paused until it settles. */
  /** `acceptedAt`: performance.now() when the code was taken; the next read is timed from it. */
  onScan(code: string, acceptedAt: number): Promise<void> | void;
  onChange(snapshot: ScannerSnapshot): void;
  sameCodeHoldMs?: number;
}

export const INITIAL_SNAPSHOT: ScannerSnapshot = { state: 'off', error: null, decoder: null };

// Rest between decode attempts: ~8 attempts a second finds a QR well within the product's second while leaving
// a phone's CPU (and battery, over a four-hour night) mostly idle.
const DECODE_GAP_MS = 120;
// One failed frame is noise (a resize mid-draw); a decoder failing on every frame is broken.
const MAX_DECODE_FAILURES = 20;
// HTMLMediaElement.HAVE_CURRENT_DATA, spelled out so this module also loads outside a browser.
const HAVE_CURRENT_DATA = 2;

/**
 * The camera and decode loop behind one <video>, free of React so its timing rules read in one place.
 * Every start() and stop() begins a new "run"; async work belonging to an older run notices and gives up,
 * so a slow getUserMedia answered after the volunteer pressed Stop never switches the camera back on.
 */
export class ScanSession {
  readonly video: HTMLVideoElement;
  readonly #options: ScanSessionOptions;
  #snapshot: ScannerSnapshot = INITIAL_SNAPSHOT;
  #run = 0;
  #stream: MediaStream | null = null;
  #detector: QrDetector | null = null;
  #listeners: AbortController | null = null;
  #decodeTimer: ReturnType<typeof setTimeout> | undefined;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #frame = 0;
  #decodeFailures = 0;
  #lastVideoTime = -1;
  // Deliberately not reset by stop(): a check-in call still in flight from before a restart must keep
  // blocking new scans, or one ticket could be sent twice.
  #processing = false;
  #lastAcceptedAt: number | null = null;
  #held: HeldCode | null = null;

  constructor(video: HTMLVideoElement, options: ScanSessionOptions) {
    this.video = video;
    this.#options = options;
  }

  get snapshot(): ScannerSnapshot {
    return this.#snapshot;
  }

  async start(): Promise<void> {
    if (this.#snapshot.state !== 'off' && this.#snapshot.state !== 'error') return;
    const run = this.#begin();
    this.#set({ state: 'starting', error: null });
    // Fetching and compiling the decoder overlaps with the camera permission prompt and warm-up.
    const detector = getQrDetector();
    detector.catch(() => {}); // reported below, after the camera's own errors
    let stream: MediaStream;
    try {
      stream = await startCamera(this.video);
    } catch (error) {
      if (run === this.#run)
        this.#fail(error instanceof CameraError ? error.message : CAMERA_MESSAGES.accessFailed, error);
      return;
    }
    if (run !== this.#run) {
      stopCamera(this.video.srcObject === stream ? this.video : null, stream);
      return;
    }
    this.#stream = stream;
    try {
      this.#detector = await detector;
    } catch (error) {
      if (run === this.#run) this.#fail(CAMERA_MESSAGES.scannerInitFailed, error);
      return;
    }
    if (run !== this.#run) return;

    this.#listen(run, stream);
    this.#watchdog = setInterval(() => this.#checkVideo(run), SCANNER_VIDEO_CHECK_MS);
    this.#set({ state: 'on', decoder: this.#detector.kind });
    this.#scheduleDecode(run, 0);
  }

  stop(): void {
    this.#begin();
    this.#set({ state: 'off', error: null });
  }

  /** Ends whatever run is going on and releases the camera; returns the new run's number. */
  #begin(): number {
    clearTimeout(this.#decodeTimer);
    clearTimeout(this.#restartTimer);
    clearInterval(this.#watchdog);
    cancelAnimationFrame(this.#frame);
    this.#listeners?.abort();
    this.#listeners = null;
    if (this.#stream || this.video.srcObject) stopCamera(this.video, this.#stream);
    this.#stream = null;
    this.#decodeFailures = 0;
    this.#lastVideoTime = -1;
    this.#run += 1;
    return this.#run;
  }

  #fail(message: CameraMessage, cause?: unknown): void {
    if (cause) console.error(`[scanner] ${message}`, cause);
    this.#begin();
    this.#set({ state: 'error', error: message });
  }

  #set(patch: Partial<ScannerSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    this.#options.onChange(this.#snapshot);
  }

  #listen(run: number, stream: MediaStream): void {
    this.#listeners = new AbortController();
    const { signal } = this.#listeners;
    // 'ended' fires when the camera goes away under us (unplugged, taken by another app, revoked);
    // stop() by our own code does not fire it.
    for (const track of stream.getVideoTracks()) {
      track.addEventListener('ended', () => run === this.#run && this.#fail(CAMERA_MESSAGES.feedLost), {
        signal,
      });
    }
    this.video.addEventListener(
      'error',
      () => run === this.#run && this.#fail(CAMERA_MESSAGES.videoStreamError, this.video.error),
      { signal },
    );
  }

  #scheduleDecode(run: number, delay: number): void {
    // The animation frame aligns a decode with a fresh video frame and stops by itself in a hidden tab.
    this.#decodeTimer = setTimeout(() => {
      this.#frame = requestAnimationFrame(() => void this.#decode(run));
    }, delay);
  }

  async #decode(run: number): Promise<void> {
    const detector = this.#detector;
    if (run !== this.#run || this.#snapshot.state !== 'on' || !detector) return;
    let codes: string[] = [];
    let looked = false;
    if (this.video.readyState >= HAVE_CURRENT_DATA) {
      try {
        codes = await detector.detect(this.video);
        looked = true;
        this.#decodeFailures = 0;
      } catch (error) {
        this.#decodeFailures += 1;
        if (this.#decodeFailures >= MAX_DECODE_FAILURES && run === this.#run) {
          this.#fail(CAMERA_MESSAGES.scannerInitFailed, error);
          return;
        }
      }
    }
    if (run !== this.#run || this.#snapshot.state !== 'on') return;
    const code = codes[0]?.trim();
    // A look that did not see the code just handled counts towards it having left the view.
    if (looked && this.#held && code !== this.#held.code)
      this.#held = { ...this.#held, misses: this.#held.misses + 1 };
    if (code !== undefined && this.#offer(code, run)) return;
    this.#scheduleDecode(run, DECODE_GAP_MS);
  }

  /** Applies the scan rules to a decoded code; true when it was accepted (the loop then pauses). */
  #offer(code: string, run: number): boolean {
    const now = performance.now();
    const holdMs = this.#options.sameCodeHoldMs ?? SAME_CODE_HOLD_MS;
    if (isHeldCode(code, now, this.#held, holdMs)) {
      this.#held = { code, lastSeenAt: now, misses: 0 };
      return false;
    }
    if (!shouldAcceptScan(now, this.#lastAcceptedAt, this.#processing)) return false;
    this.#lastAcceptedAt = now;
    this.#held = { code, lastSeenAt: now, misses: 0 };
    this.#processing = true;
    // The frozen frame shows the volunteer which code was taken while the result is worked out.
    this.video.pause();
    this.#set({ state: 'paused' });
    void this.#handle(code, run, now);
    return true;
  }

  async #handle(code: string, run: number, acceptedAt: number): Promise<void> {
    try {
      await this.#options.onScan(code, acceptedAt);
    } catch (error) {
      // Showing the outcome is the caller's job; a throw here must not leave the scanner stuck paused.
      console.error('[scanner] onScan failed', error);
    } finally {
      this.#processing = false;
    }
    if (run !== this.#run) return;
    const wait = Math.max(0, acceptedAt + SCANNER_RESTART_MS - performance.now());
    this.#restartTimer = setTimeout(() => void this.#resume(run), wait);
  }

  async #resume(run: number): Promise<void> {
    if (run !== this.#run || this.#snapshot.state !== 'paused') return;
    try {
      await this.video.play();
    } catch (error) {
      if (run === this.#run) this.#fail(CAMERA_MESSAGES.controlFailed, error);
      return;
    }
    if (run !== this.#run) return;
    // The code could not be seen while the frame was frozen; its hold counts from now.
    if (this.#held) this.#held = { ...this.#held, lastSeenAt: performance.now(), misses: 0 };
    this.#set({ state: 'on' });
    this.#scheduleDecode(run, 0);
  }

  /** The product's 2 s check: brings a stopped or frozen video back, or reports a camera that went away. */
  #checkVideo(run: number): void {
    const stream = this.#stream;
    if (run !== this.#run || this.#snapshot.state !== 'on' || !stream) return;
    const track = stream.getVideoTracks()[0];
    if (!track || track.readyState === 'ended') {
      this.#fail(CAMERA_MESSAGES.feedLost);
      return;
    }
    const video = this.video;
    const frozen = video.currentTime === this.#lastVideoTime;
    this.#lastVideoTime = video.currentTime;
    if (!video.paused && !video.ended && video.readyState >= HAVE_CURRENT_DATA && !frozen) return;
    // A stalled element (after a phone call, or the OS reclaiming the decoder) often plays again only once
    // the stream is attached afresh.
    if (video.srcObject !== stream || video.ended || video.readyState < HAVE_CURRENT_DATA || frozen) {
      video.srcObject = stream;
    }
    video.play().catch((error: unknown) => {
      if (run === this.#run && this.#snapshot.state === 'on')
        this.#fail(CAMERA_MESSAGES.videoStreamError, error);
    });
  }
}
