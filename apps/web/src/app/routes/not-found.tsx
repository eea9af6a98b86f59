import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { FullScreenMessage } from '../../ui/full-screen-message';

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  return (
    <FullScreenMessage
      title="Page not found"
      actions={
        <Button size="lg" onClick={() => navigate('/')}>
          Go to Home
        </Button>
      }
    >
      <p>The page you were looking for does not exist.</p>
    </FullScreenMessage>
  );
}
