import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@utsav/domain/constants';
import { EVENT_MESSAGES, sniffImageType } from '@utsav/domain/event-schema';

// The event's picture and the organiser's logo are checked alike before upload (the server checks the same).

/** Reads a picked file as a data URL after checking its type, size and first bytes (docs/product.md#event-manager, #organiser). */
export async function readImageFile(file: File): Promise<{ dataUrl: string } | { error: string }> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { error: EVENT_MESSAGES.imagePick };
  if (file.size > IMAGE_MAX_BYTES) return { error: EVENT_MESSAGES.imageSize };
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    // The server decides by the bytes too: a renamed file would only fail later, after the confirm step.
    if (sniffImageType(head) === null) return { error: EVENT_MESSAGES.imagePick };
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () =>
        typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('empty'));
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsDataURL(file);
    });
    return { dataUrl };
  } catch {
    return { error: EVENT_MESSAGES.imageRead };
  }
}
