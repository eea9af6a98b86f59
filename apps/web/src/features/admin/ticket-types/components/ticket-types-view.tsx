import { useTranslation } from 'react-i18next';
import { ViewHeader } from '../../../../ui/view-header';
import { TicketTypesEditor } from './ticket-types-editor';

/** The admin dashboard's Ticket Types view: the editor under the view's header (a manager reads it). */
export function TicketTypesView({ onBack, canWrite }: { onBack: () => void; canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      <ViewHeader
        title={t('admin-ticket-types.title')}
        description={t('admin-ticket-types.description')}
        onBack={onBack}
      />
      <TicketTypesEditor canWrite={canWrite} />
    </div>
  );
}
