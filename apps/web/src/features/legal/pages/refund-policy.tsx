import {
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_MIN_DAYS,
  DEFAULT_RESALE_CLOSE_HOURS,
  DEFAULT_RESALE_FEE_PAISE,
  MIN_REFUND_PER_TICKET,
  POLICY,
} from '@utsav/domain/constants';
import { paiseToRupees } from '@utsav/domain/pricing';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees } from '../../../ui/format';
import { LegalPage, SupportContact, useOrganiserWords } from '../components/legal-page';
import { EXAMPLE_PRICES, exampleRefund } from '../refund-example';

// Status names and meanings as the Refund Tracker shows them (the refunds area's own words).
const STATUSES = [
  ['refunds.status.pending', 'refunds.statusLabel.pending'],
  ['refunds.status.processing', 'refunds.statusLabel.processing'],
  ['refunds.status.processed', 'refunds.statusLabel.processed'],
  ['refunds.status.failed', 'refunds.statusLabel.failed'],
  ['refunds.status.cancelled', 'refunds.statusLabel.cancelled'],
] as const;

const strong = { strong: <strong /> };

export default function RefundPolicy() {
  const { t } = useTranslation();
  const { email, mail } = useOrganiserWords();
  return (
    <LegalPage
      title={t('legal.refund.title')}
      version={POLICY.refundVersion}
      summary={<p>{t('legal.refund.summary', { days: POLICY.refundBusinessDays })}</p>}
    >
      <h2>{t('legal.refund.whoTitle')}</h2>
      <ul>
        <li>
          <Trans
            i18nKey="legal.refund.whoCancelled"
            values={{ days: CANCELLATION_MIN_DAYS }}
            components={{ page: <Link to="/cancellation-policy" /> }}
          />
        </li>
        <li>{t('legal.refund.whoOrganiser')}</li>
        <li>{t('legal.refund.whoSpecial')}</li>
      </ul>
      <p>{t('legal.refund.whoNot', { days: CANCELLATION_MIN_DAYS })}</p>

      <h2>{t('legal.refund.howMuchTitle')}</h2>
      <p>
        {t('legal.refund.howMuch', {
          deduction: formatRupees(CANCELLATION_DEDUCTION_PER_TICKET),
          minimum: formatRupees(MIN_REFUND_PER_TICKET),
        })}
      </p>
      <ul>
        {EXAMPLE_PRICES.map((price) => (
          <li key={price}>
            {t('legal.refund.example', {
              paid: formatRupees(price),
              refund: formatRupees(exampleRefund(price)),
            })}
          </li>
        ))}
      </ul>
      <p>{t('legal.refund.fullRefunds')}</p>

      <h2>{t('legal.refund.stepsTitle')}</h2>
      <ol>
        <li>
          <Trans i18nKey="legal.refund.stepRequest" components={strong} />
        </li>
        <li>
          <Trans
            i18nKey="legal.refund.stepVerify"
            values={{ days: POLICY.verificationBusinessDays }}
            components={strong}
          />
        </li>
        <li>
          <Trans i18nKey="legal.refund.stepEmail" components={strong} />
        </li>
        <li>
          <Trans i18nKey="legal.refund.stepSend" components={strong} />
        </li>
        <li>
          <Trans
            i18nKey="legal.refund.stepDone"
            values={{ days: POLICY.refundBusinessDays, manualDays: POLICY.manualRefundBusinessDays }}
            components={strong}
          />
        </li>
      </ol>

      <h2>{t('legal.refund.trackTitle')}</h2>
      <p>{t('legal.refund.track')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('legal.refund.statusColumn')}</th>
            <th scope="col">{t('legal.refund.meaningColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {STATUSES.map(([status, meaning]) => (
            <tr key={status}>
              <td>{t(status)}</td>
              <td>{t(meaning)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('legal.refund.failed', { hours: POLICY.refundQueryResponseHours })}</p>

      <h2>{t('legal.refund.specialTitle')}</h2>
      <ul>
        <li>
          <Trans
            i18nKey="legal.refund.specialOrganiser"
            values={{ days: POLICY.organiserCancelledRefundBusinessDays }}
            components={strong}
          />
        </li>
        <li>
          <Trans
            i18nKey="legal.refund.specialBereavement"
            values={{ days: POLICY.bereavementRefundDays }}
            components={strong}
          />
        </li>
        <li>
          <Trans
            i18nKey="legal.refund.specialMedical"
            values={{ hours: POLICY.medicalCertificateHours }}
            components={strong}
          />
        </li>
      </ul>

      <h2>{t('legal.refund.resaleTitle')}</h2>
      <p>{t('legal.refund.resaleIntro', { days: CANCELLATION_MIN_DAYS })}</p>
      <ul>
        <li>{t('legal.refund.resaleWho')}</li>
        <li>{t('legal.refund.resaleBuyer')}</li>
        <li>
          <Trans
            i18nKey="legal.refund.resaleMoney"
            values={{ fee: formatRupees(paiseToRupees(DEFAULT_RESALE_FEE_PAISE)) }}
            components={strong}
          />
        </li>
        <li>{t('legal.refund.resaleEnd', { hours: DEFAULT_RESALE_CLOSE_HOURS })}</li>
      </ul>

      <h2>{t('legal.refund.disputesTitle')}</h2>
      <p>
        <Trans
          i18nKey="legal.refund.disputes"
          values={{ days: POLICY.disputeDays, email }}
          components={{ mail }}
        />
      </p>

      <h2>{t('legal.refund.contactTitle')}</h2>
      <SupportContact />
    </LegalPage>
  );
}
