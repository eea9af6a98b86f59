import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold tracking-[0.2em] text-saffron-300 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="font-display text-3xl text-gold-200 sm:text-4xl">
        {title}
      </h2>
      <span className="ornament mt-4" aria-hidden="true" />
      {children ? <div className="mt-4 text-maroon-100">{children}</div> : null}
    </div>
  );
}
