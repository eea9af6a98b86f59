import {
  CANCELLATION_MIN_DAYS,
  GROUP_MIN_QUANTITY,
  POLICY,
  TRANSFER_FEE_PER_TICKET,
} from '@utsav/domain/constants';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees } from '../../../ui/format';
import { LegalPage, SupportContact, useOrganiserWords } from '../components/legal-page';

export default function TermsOfService() {
  const { t } = useTranslation();
  const { organiser } = useOrganiserWords();
  return (
    <LegalPage
      title={t('legal.terms.title')}
      version={POLICY.termsVersion}
      summary={<p>{t('legal.terms.summary')}</p>}
    >
      <h2>{t('legal.terms.whoTitle')}</h2>
      <p>{t('legal.terms.who', { organiser })}</p>

      <h2>{t('legal.terms.accountTitle')}</h2>
      <ul>
        <li>{t('legal.terms.accountAge', { age: POLICY.minimumBuyerAge })}</li>
        <li>{t('legal.terms.accountChildren', { age: POLICY.childrenNotServedUnderAge })}</li>
        <li>{t('legal.terms.accountAccurate')}</li>
        <li>{t('legal.terms.accountOne')}</li>
        <li>{t('legal.terms.accountResponsible')}</li>
      </ul>

      <h2>{t('legal.terms.ticketsTitle')}</h2>
      <ul>
        <li>{t('legal.terms.ticketsPrices', { group: GROUP_MIN_QUANTITY })}</li>
        <li>{t('legal.terms.ticketsConfirmed')}</li>
        <li>{t('legal.terms.ticketsQr')}</li>
        <li>{t('legal.terms.ticketsChildren', { age: POLICY.childrenFreeUnderAge })}</li>
        <li>{t('legal.terms.ticketsResale')}</li>
        <li>
          {t('legal.terms.ticketsTransfer', {
            fee: formatRupees(TRANSFER_FEE_PER_TICKET),
            hours: POLICY.transferCompleteHoursBefore,
          })}
        </li>
      </ul>

      <h2>{t('legal.terms.cancelTitle')}</h2>
      <p>
        <Trans
          i18nKey="legal.terms.cancel"
          values={{ days: CANCELLATION_MIN_DAYS }}
          components={{
            cancellation: <Link to="/cancellation-policy" />,
            refund: <Link to="/refund-policy" />,
          }}
        />
      </p>

      <h2>{t('legal.terms.eventTitle')}</h2>
      <ul>
        <li>{t('legal.terms.eventQr')}</li>
        <li>{t('legal.terms.eventRefused')}</li>
        <li>{t('legal.terms.eventItems')}</li>
        <li>{t('legal.terms.eventPhotos')}</li>
        <li>{t('legal.terms.eventBelongings')}</li>
      </ul>

      <h2>{t('legal.terms.changesEventTitle')}</h2>
      <p>{t('legal.terms.changesEvent', { days: POLICY.organiserCancelledRefundBusinessDays })}</p>

      <h2>{t('legal.terms.siteTitle')}</h2>
      <p>{t('legal.terms.site')}</p>

      <h2>{t('legal.terms.liabilityTitle')}</h2>
      <p>{t('legal.terms.liability')}</p>

      <h2>{t('legal.terms.privacyTitle')}</h2>
      <p>
        <Trans i18nKey="legal.terms.privacy" components={{ page: <Link to="/privacy-policy" /> }} />
      </p>

      <h2>{t('legal.terms.changesTitle')}</h2>
      <p>{t('legal.terms.changes', { days: POLICY.termsChangeNoticeDays })}</p>

      <h2>{t('legal.terms.lawTitle')}</h2>
      <p>{t('legal.terms.law', { days: POLICY.disputeDays })}</p>

      <h2>{t('legal.terms.contactTitle')}</h2>
      <SupportContact />
    </LegalPage>
  );
}
