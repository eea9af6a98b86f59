import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { useExportAttendees } from '../api/export-attendees';
import type { ExportFormat } from '../api/export-tickets';

/** The attendee list (who is coming, with their checkout answers) as CSV for a spreadsheet or JSON for a program. */
export function AttendeeExportButtons() {
  const { t } = useTranslation();
  const exporter = useExportAttendees();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  function run(format: ExportFormat) {
    setExporting(format);
    exporter.mutate(format, {
      onSuccess: () => toast.success(t('admin-tickets.attendees.exported')),
      onError: (error) =>
        toast.error(t('admin-tickets.attendees.exportFailed', { reason: errorMessage(error) })),
      onSettled: () => setExporting(null),
    });
  }

  return (
    <>
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          loading={exporting === format}
          disabled={exporting !== null}
          onClick={() => run(format)}
          icon={<Users aria-hidden="true" className="size-4" />}
        >
          {t(format === 'csv' ? 'admin-tickets.attendees.csv' : 'admin-tickets.attendees.json')}
        </Button>
      ))}
    </>
  );
}
