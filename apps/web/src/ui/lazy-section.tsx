import { LAZY_IMAGE_MARGIN_PX } from '@utsav/domain/constants';
import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Renders its children only once the placeholder comes within 100 px of the viewport. The placeholder keeps
 * the section's id, so footer links can scroll to a section that has not loaded yet. The section's first render
 * is a transition: React renders it in slices between which a tap is handled (the observer's callback is no
 * input, so a plain update would render it in one task, often while the page is still starting).
 */
export function LazySection({
  id,
  minHeight = 480,
  children,
}: {
  id?: string;
  minHeight?: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          startTransition(() => setNear(true));
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div style={{ minHeight }} aria-hidden="true" />;
  return (
    <div id={id} ref={ref}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
