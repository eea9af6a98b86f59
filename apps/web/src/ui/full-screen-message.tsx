import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A centred message filling the space under the header: loading, redirecting, errors. */
export function FullScreenMessage({
  title,
  children,
  icon,
  actions,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-lg flex-col items-center justify-center px-6 pt-below-header pb-24 text-center">
      {icon ? <div className="mb-5 text-gold-300">{icon}</div> : null}
      <h1 className="font-display text-3xl text-cream sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 text-maroon-100">{children}</div> : null}
      {actions ? (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
      ) : null}
    </section>
  );
}

/** 'Loading Dashboard...', 'Redirecting...': announced politely, with a spinner. */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 pt-below-header pb-24 text-gold-200"
    >
      <Spinner size="lg" />
      <p className="text-lg">{text}</p>
    </div>
  );
}
