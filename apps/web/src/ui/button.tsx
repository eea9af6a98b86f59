import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Icons never shrink: with large text the label wraps and a shrinking icon would end up a dot.
const BASE =
  'inline-flex max-w-full items-center justify-center gap-2 text-center [&>svg]:shrink-0 rounded-full font-semibold transition-[background-color,border-color,color,transform,box-shadow] duration-200 select-none disabled:cursor-not-allowed disabled:opacity-60 active:translate-y-px';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-b from-saffron-300 to-saffron-400 text-ink shadow-[0_8px_24px_-8px_rgb(245_138_7/0.65)] hover:from-saffron-300 hover:to-saffron-300 hover:shadow-[0_10px_28px_-8px_rgb(245_138_7/0.85)]',
  secondary:
    'border border-gold-400/70 bg-maroon-900/60 text-cream hover:border-gold-300 hover:bg-maroon-800',
  ghost: 'text-maroon-100 hover:bg-maroon-800 hover:text-cream',
  danger: 'bg-rose-200 text-rose-950 hover:bg-rose-100',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 text-sm',
  md: 'min-h-11 px-5 text-[0.95rem]',
  lg: 'min-h-12 px-7 text-base sm:min-h-13 sm:text-lg',
};

/** Class names of a button, for links that look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
