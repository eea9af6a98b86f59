/** The camera texts (docs/product.md#gate-scanner), word for word. */
export const CAMERA_MESSAGES = {
  noCamera: 'No camera found on this device',
  accessFailed: 'Failed to access camera',
  scannerInitFailed: 'Failed to initialize scanner',
  controlFailed: 'Failed to control camera',
  videoStreamError: 'Video stream error',
  feedLost: 'Camera Feed Lost',
} as const;

export type CameraMessage = (typeof CAMERA_MESSAGES)[keyof typeof CAMERA_MESSAGES];

/** A failure the volunteer can act on; `message` is always one of CAMERA_MESSAGES. */
export class CameraError extends Error {
  override readonly message: CameraMessage;

  constructor(message: CameraMessage, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CameraError';
    this.message = message;
  }
}

// `ideal`, never `exact`: a laptop or a test's fake device has no back camera, and `exact` would turn
// "not the preferred camera" into "no camera at all". 1280x720 is enough for a QR held at arm's length
// without making every decoded frame needlessly large.
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};

/** Maps a getUserMedia rejection to what the volunteer is told. */
export function cameraAccessMessage(error: unknown): CameraMessage {
  const name = error instanceof Error || isDomExceptionLike(error) ? error.name : '';
  // OverconstrainedError cannot happen with `ideal` constraints, but some browsers report a missing
  // device that way, so it means the same thing here.
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return CAMERA_MESSAGES.noCamera;
  }
  return CAMERA_MESSAGES.accessFailed;
}

function isDomExceptionLike(error: unknown): error is { name: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
  );
}

/**
 * Opens the preferred camera and plays it in `video` (muted and inline, or iOS refuses to autoplay it
 * and opens a full-screen player). Throws a CameraError.
 */
export async function startCamera(video: HTMLVideoElement): Promise<MediaStream> {
  // No mediaDevices at all means an insecure (plain http, non-localhost) page or a locked-down browser:
  // the camera exists but we may not use it.
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError(CAMERA_MESSAGES.accessFailed);

  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  } catch (error) {
    throw new CameraError(cameraAccessMessage(error), { cause: error });
  }
  if (stream.getVideoTracks().length === 0) {
    stopTracks(stream);
    throw new CameraError(CAMERA_MESSAGES.noCamera);
  }

  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    stopCamera(video);
    throw new CameraError(CAMERA_MESSAGES.videoStreamError, { cause: error });
  }
  return stream;
}

/** Releases the camera (its light goes off) and detaches it from `video`. */
export function stopCamera(video: HTMLVideoElement | null, stream?: MediaStream | null): void {
  const attached = video?.srcObject instanceof MediaStream ? video.srcObject : null;
  if (stream) stopTracks(stream);
  if (attached && attached !== stream) stopTracks(attached);
  if (video) {
    video.pause();
    video.srcObject = null;
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
