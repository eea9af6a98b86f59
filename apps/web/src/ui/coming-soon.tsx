import type { ReactNode } from 'react';

/** A card describing something that is not built yet, marked as such (never dressed up as working). */
export function ComingSoonCard({
  icon,
  title,
  children,
  highlighted = false,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <li
      className={`card flex gap-4 p-5 ${highlighted ? 'ring-2 ring-saffron-300' : ''}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-gold-300"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-sans text-lg font-semibold text-cream">{title}</h3>
          <span className="rounded-full border border-gold-400/50 px-2 py-0.5 text-xs font-semibold text-gold-200">
            Coming soon
          </span>
        </div>
        <div className="mt-1 text-sm text-maroon-100">{children}</div>
      </div>
    </li>
  );
}
