import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_DEDUCTION_PLATFORM,
  CANCELLATION_MIN_DAYS,
  MIN_REFUND_PER_TICKET,
  POLICY,
  REASON_MAX_LENGTH,
  TRANSFER_FEE_PER_TICKET,
} from '@utsav/domain/constants';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees } from '../../../ui/format';
import { LegalPage, SupportContact } from '../components/legal-page';
import { EXAMPLE_PRICES, exampleRefund } from '../refund-example';

const strong = { strong: <strong /> };

export default function CancellationPolicy() {
  const { t } = useTranslation();
  const deduction = formatRupees(CANCELLATION_DEDUCTION_PER_TICKET);
  return (
    <LegalPage
      title={t('legal.cancellation.title')}
      version={POLICY.cancellationVersion}
      summary={<p>{t('legal.cancellation.summary', { days: CANCELLATION_MIN_DAYS, deduction })}</p>}
    >
      <h2>{t('legal.cancellation.whenTitle')}</h2>
      <ul>
        <li>
          <Trans
            i18nKey="legal.cancellation.whenOpen"
            values={{ days: CANCELLATION_MIN_DAYS }}
            components={strong}
          />
        </li>
        <li>{t('legal.cancellation.whenClosed', { days: CANCELLATION_MIN_DAYS })}</li>
        <li>{t('legal.cancellation.whenActive')}</li>
        <li>{t('legal.cancellation.whenIssued')}</li>
      </ul>

      <h2>{t('legal.cancellation.howTitle')}</h2>
      <ol>
        <li>{t('legal.cancellation.howSignIn')}</li>
        <li>{t('legal.cancellation.howChoose', { max: REASON_MAX_LENGTH })}</li>
        <li>{t('legal.cancellation.howConfirm')}</li>
        <li>{t('legal.cancellation.howDone')}</li>
      </ol>
      <p>{t('legal.cancellation.final')}</p>

      <h2>{t('legal.cancellation.deductedTitle')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('legal.cancellation.deductionColumn')}</th>
            <th scope="col">{t('legal.cancellation.amountColumn')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t('legal.cancellation.gateway')}</td>
            <td>{formatRupees(CANCELLATION_DEDUCTION_GATEWAY)}</td>
          </tr>
          <tr>
            <td>{t('legal.cancellation.platform')}</td>
            <td>{formatRupees(CANCELLATION_DEDUCTION_PLATFORM)}</td>
          </tr>
          <tr>
            <th scope="row">{t('legal.cancellation.total')}</th>
            <td>
              <strong>{deduction}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p>{t('legal.cancellation.refundRule', { deduction, minimum: formatRupees(MIN_REFUND_PER_TICKET) })}</p>
      <ul>
        {EXAMPLE_PRICES.map((price) => (
          <li key={price}>
            {t('legal.cancellation.example', {
              price: formatRupees(price),
              refund: formatRupees(exampleRefund(price)),
            })}
          </li>
        ))}
        <li>
          {t('legal.cancellation.exampleThree', {
            price: formatRupees(500),
            refund: formatRupees(exampleRefund(500, 3)),
          })}
        </li>
      </ul>

      <h2>{t('legal.cancellation.specialTitle')}</h2>
      <ul>
        <li>
          <Trans
            i18nKey="legal.cancellation.specialOrganiser"
            values={{ days: POLICY.organiserCancelledRefundBusinessDays }}
            components={strong}
          />
        </li>
        <li>
          <Trans
            i18nKey="legal.cancellation.specialBereavement"
            values={{ days: POLICY.bereavementRefundDays, windowDays: CANCELLATION_MIN_DAYS }}
            components={strong}
          />
        </li>
        <li>
          <Trans
            i18nKey="legal.cancellation.specialMedical"
            values={{ hours: POLICY.medicalCertificateHours }}
            components={strong}
          />
        </li>
        <li>
          <Trans i18nKey="legal.cancellation.specialPostponed" components={strong} />
        </li>
      </ul>

      <h2>{t('legal.cancellation.transferTitle')}</h2>
      <p>
        {t('legal.cancellation.transfer', {
          fee: formatRupees(TRANSFER_FEE_PER_TICKET),
          hours: POLICY.transferCompleteHoursBefore,
        })}
      </p>
      <p>{t('legal.cancellation.transferNoRefund')}</p>

      <h2>{t('legal.cancellation.refundsTitle')}</h2>
      <p>
        <Trans
          i18nKey="legal.cancellation.refunds"
          values={{ days: POLICY.refundBusinessDays }}
          components={{ page: <Link to="/refund-policy" /> }}
        />
      </p>

      <h2>{t('legal.cancellation.disputesTitle')}</h2>
      <p>
        {t('legal.cancellation.disputes', {
          days: POLICY.disputeDays,
          hours: POLICY.generalQueryResponseHours,
        })}
      </p>

      <h2>{t('legal.cancellation.contactTitle')}</h2>
      <SupportContact />
    </LegalPage>
  );
}
