import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the tab title for a page ("Privacy Policy · Utsav"), or the site title when none is given, in the
 * reader's language (again when it changes). index.html's <title> stays English until React's first render.
 */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const text = title ? t('shell.pageTitle', { title }) : t('shell.siteTitle');
  useEffect(() => {
    document.title = text;
  }, [text]);
}
