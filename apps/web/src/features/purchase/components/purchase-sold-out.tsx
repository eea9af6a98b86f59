import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog when every ticket is sold (docs/product.md#purchase), and where the waitlist is. `notice` is the
 * dialog's status line: when the guest was sent back here by a refusal (the last seats taken, a resold ticket
 * withdrawn by its seller), the server's sentence stays in view after its toast has gone.
 */
export function SoldOutContent({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <p className="flex gap-3 text-maroon-50">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
        <span>{t('purchase.soldOut')}</span>
      </p>
      {notice}
      <p className="text-sm text-maroon-100">{t('waitlist.dialogHint')}</p>
    </div>
  );
}
