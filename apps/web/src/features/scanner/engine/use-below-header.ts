import { useEffect, useState } from 'react';

/** Tailwind's top-18: the fixed header's height before the page scrolls. */
const DEFAULT_TOP = 72;

/**
 * Where the gate bar sticks: just below the page's fixed header. The header keeps one row at every phone
 * width (app/shell/header.tsx), so its own box is the one source of its height; it shrinks once the page
 * scrolls (its own transition), so it is measured again then. With large text the header scrolls away
 * (not fixed), and the bar sticks to the top.
 */
export function useBelowHeader(): number {
  const [top, setTop] = useState(DEFAULT_TOP);
  useEffect(() => {
    // React's header, in #root: the start page's pre-rendered screen (app/shell/static-page.ts) has a header of
    // its own, hidden but still in the document for a frame after React takes over, and it comes first.
    const header = document.querySelector('#root header');
    if (!header) return;
    const update = () => {
      const fixed = getComputedStyle(header).position === 'fixed';
      setTop(fixed ? Math.ceil(header.getBoundingClientRect().bottom) : 0);
    };
    // No reading now: the observer's first notice comes after the next layout, so the header is measured
    // without laying the new page out inside the commit's task (decision 1116).
    const observer = new ResizeObserver(update);
    observer.observe(header);
    header.addEventListener('transitionend', update);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      header.removeEventListener('transitionend', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return top;
}
