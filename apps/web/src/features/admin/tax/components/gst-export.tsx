import { istDate } from '@utsav/domain/time';
import { Download, FileArchive } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { type GstExportRequest, useDownloadGstExport } from '../api/tax-settings';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The month's GST summary for the accountant, as CSV, or the month's documents as PDFs in one zip: pick a month
 * (this month in India to start), download. Enter in the month field downloads the CSV.
 */
export function GstExport() {
  const { t } = useTranslation();
  const headingId = useId();
  const [month, setMonth] = useState(() => istDate(new Date()).slice(0, 7));
  const [error, setError] = useState<string | undefined>();
  const download = useDownloadGstExport();

  function submit(event: FormEvent) {
    event.preventDefault();
    fetchExport('csv');
  }

  function fetchExport(format: GstExportRequest['format']) {
    // A browser without a month picker shows a text box: the same YYYY-MM the server asks for.
    if (!MONTH.test(month.trim())) return setError(t('admin-tax.export.invalidMonth'));
    download.mutate(
      { month: month.trim(), format },
      {
        onSuccess: () => toast.success(t('admin-tax.export.downloaded')),
        onError: (failure) => toast.error(t('admin-tax.export.failed', { reason: errorMessage(failure) })),
      },
    );
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
          loading={download.isPending && download.variables?.format === 'csv'}
          disabled={download.isPending}
          icon={<Download aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          {t('admin-tax.export.download')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          loading={download.isPending && download.variables?.format === 'zip'}
          disabled={download.isPending}
          icon={<FileArchive aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
          onClick={() => fetchExport('zip')}
        >
          {t('admin-tax.export.downloadZip')}
        </Button>
      </form>
    </section>
  );
}
