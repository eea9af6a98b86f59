import { IMAGE_TYPES } from '@utsav/domain/constants';
import { ImageOff, ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readImageFile } from '../../../../lib/read-image-file';
import { Button } from '../../../../ui/button';
import { errorIdFor } from '../../../../ui/form-field';

/** Event image: pick, preview, remove. The value is a data URL of a new pick or the stored image's URL. */
export function ImageField({
  value,
  error,
  onChange,
  onError,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onError: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    setReading(true);
    const result = await readImageFile(file);
    setReading(false);
    if (input.current) input.current.value = '';
    if ('error' in result) {
      onError(result.error);
      return;
    }
    setPreviewFailed(false);
    onError(undefined);
    onChange(result.dataUrl);
  }

  return (
    <div>
      <p id="eventImage-label" className="mb-1.5 block text-sm font-semibold text-cream">
        {t('admin-event.image.label')}
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-gold-400/40 bg-maroon-950/70 sm:w-64">
          {value && !previewFailed ? (
            <img
              src={value}
              alt={t('admin-event.image.previewAlt')}
              className="size-full object-cover"
              onError={() => setPreviewFailed(true)}
            />
          ) : value ? (
            <span className="flex flex-col items-center gap-1 text-sm text-maroon-200">
              <ImageOff aria-hidden="true" className="size-6" />
              {t('admin-event.image.unavailable')}
            </span>
          ) : (
            <span className="text-sm text-maroon-200">{t('admin-event.image.none')}</span>
          )}
        </div>
        <div className="grid gap-2">
          <input
            ref={input}
            id="eventImage"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-labelledby="eventImage-label"
            aria-describedby={error ? errorIdFor('eventImage') : 'eventImage-hint'}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              loading={reading}
              onClick={() => input.current?.click()}
              icon={<ImagePlus aria-hidden="true" className="size-4" />}
            >
              {value ? t('admin-event.image.change') : t('admin-event.image.choose')}
            </Button>
            {value ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onError(undefined);
                  onChange('');
                }}
                icon={<Trash2 aria-hidden="true" className="size-4" />}
              >
                {t('admin-event.image.remove')}
              </Button>
            ) : null}
          </div>
          <p id="eventImage-hint" className="text-xs text-maroon-200">
            {t('admin-event.image.hint')}
          </p>
          {error ? (
            <p id={errorIdFor('eventImage')} role="alert" className="text-sm text-rose-200">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
