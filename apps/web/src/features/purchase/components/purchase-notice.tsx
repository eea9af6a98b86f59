import type { Notice } from '../checkout/purchase-types';

/** The dialog's one status line (why the guest was sent back, a cancelled payment, a network failure). */
export function NoticeLine({ notice }: { notice: Notice | null }) {
  return (
    <p
      role="status"
      className={`text-sm empty:hidden ${notice?.tone === 'error' ? 'text-rose-200' : 'text-gold-200'}`}
    >
      {notice?.text ?? ''}
    </p>
  );
}
