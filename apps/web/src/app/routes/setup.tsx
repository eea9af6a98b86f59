import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SetupPage } from '../setup/setup-page';

/** /setup: the first run of a new install (docs/product.md#first-run). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('setup.title'));
  return <SetupPage />;
}
