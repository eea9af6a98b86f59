import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Previous / Next with 'Page x of y', shown only when there is more than one page (docs/product.md#staff-side). */
export function Pagination({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-5 flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        icon={<ChevronLeft aria-hidden="true" className="size-4" />}
      >
        {t('admin.common.previous')}
      </Button>
      <p className="text-sm text-maroon-100" aria-live="polite">
        {t('admin.common.pageOf', { page, total: totalPages })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('admin.common.next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
