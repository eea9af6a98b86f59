import { useEffect, useState } from 'react';

/** Tailwind's top-16: the fixed header's height when it fits on one row. */
const DEFAULT_TOP = 64;

/**
 * Where the gate bar sticks: just below the page's fixed header, however tall it really is. On a 390 px
 * phone the header's language switcher and account menu can wrap onto a second row that overflows the
 * header's own height, and a bar stuck at a fixed 64 px would sit under it, hiding this phone's count. With
 * large text the header scrolls away (not fixed), and the bar sticks to the top.
 */
export function useBelowHeader(): number {
  const [top, setTop] = useState(DEFAULT_TOP);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const update = () => {
      if (getComputedStyle(header).position !== 'fixed') {
        setTop(0);
        return;
      }
      // The lowest edge of anything in the header, overflowing rows included.
      let bottom = header.getBoundingClientRect().bottom;
      for (const element of header.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.height > 0) bottom = Math.max(bottom, box.bottom);
      }
      setTop(Math.ceil(bottom));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    // The header shrinks once the page scrolls (its own transition): measure again when it has settled.
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
