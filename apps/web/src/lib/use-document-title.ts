import { useEffect } from 'react';

const SITE_TITLE = 'Utsav — Pre-Navratri Garba & Raas Night';

/** Sets the tab title for a page ("Privacy Policy · Utsav"), or the site title when none is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Utsav` : SITE_TITLE;
  }, [title]);
}
