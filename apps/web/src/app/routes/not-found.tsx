import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { FullScreenMessage } from '../../ui/full-screen-message';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('shell.notFound.title'));
  return (
    <FullScreenMessage
      title={t('shell.notFound.title')}
      actions={
        <Button size="lg" onClick={() => navigate('/')}>
          {t('shell.notFound.home')}
        </Button>
      }
    >
      <p>{t('shell.notFound.text')}</p>
    </FullScreenMessage>
  );
}
