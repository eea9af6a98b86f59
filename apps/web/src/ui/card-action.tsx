import type { LucideIcon } from 'lucide-react';
import { Button } from './button';

/**
 * A small action on one card of a list: its short label is shown ("Pause"), and what it acts on is said to a
 * screen reader ("Pause sales of Couple pass"), so a list of cards does not read as ten buttons named "Pause".
 */
export function CardAction({
  icon: Icon,
  label,
  fullLabel,
  onClick,
  disabled = false,
  variant = 'ghost',
}: {
  icon: LucideIcon;
  label: string;
  fullLabel: string;
  onClick: () => void;
  disabled?: boolean;
  variant?: 'secondary' | 'ghost';
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={onClick}
      disabled={disabled}
      icon={<Icon aria-hidden="true" className="size-4" />}
      aria-label={fullLabel}
    >
      {label}
    </Button>
  );
}
