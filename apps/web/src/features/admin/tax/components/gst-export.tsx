import { istDate } from '@utsav/domain/time';
import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { useDownloadGstExport } from '../api/tax-settings';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's GST summary for the accountant, as CSV: pick a month (this month in India to start), download. */
export function GstExport() {
  const { t } = useTranslation();
  const headingId = useId();
  const [month, setMonth] = useState(() => istDate(new Date()).slice(0, 7));
  const [error, setError] = useState<string | undefined>();
  const download = useDownloadGstExport();

  function submit(event: FormEvent) {
    event.preventDefault();
    // A browser without a month picker shows a text box: the same YYYY-MM the server asks for.
    if (!MONTH.test(month.trim())) return setError(t('admin-tax.export.invalidMonth'));
    download.mutate(month.trim(), {
      onSuccess: () => toast.success(t('admin-tax.export.downloaded')),
      onError: (failure) => toast.error(t('admin-tax.export.failed', { reason: errorMessage(failure) })),
    });
  }

  return (
    <section aria-labelledby={headingId} className="card grid grid-cols-1 gap-4 p-5 sm:p-6">
      <div>
        <h2 id={headingId} className="font-sans text-lg font-semibold text-gold-200">
          {t('admin-tax.export.title')}
        </h2>
        <p className="mt-1 text-sm text-maroon-100">{t('admin-tax.export.description')}</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField
          id="gst-export-month"
          label={t('admin-tax.export.month')}
          error={error}
          className="min-w-0 grow sm:grow-0"
        >
          <input
            id="gst-export-month"
            type="month"
            value={month}
            placeholder="2026-10"
            className={INPUT_CLASSES}
            {...fieldAria('gst-export-month', error)}
            onChange={(event) => {
              setMonth(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <Button
          type="submit"
          variant="secondary"
          loading={download.isPending}
          icon={<Download aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          {t('admin-tax.export.download')}
        </Button>
      </form>
    </section>
  );
}
