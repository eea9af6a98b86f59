import { CircleAlert } from 'lucide-react';

/** The dialog when every ticket is sold (guest-side §5). */
export function SoldOutContent() {
  return (
    <p className="flex gap-3 text-maroon-50">
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
      <span>Every ticket for this night has been sold. Thank you for your interest!</span>
    </p>
  );
}
