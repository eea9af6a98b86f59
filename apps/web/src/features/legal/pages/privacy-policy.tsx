import { POLICY } from '@utsav/domain/constants';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LegalPage, SupportContact, useOrganiserWords } from '../components/legal-page';

const strong = { strong: <strong /> };

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  const { organiser, email, mail } = useOrganiserWords();
  return (
    <LegalPage
      title={t('legal.privacy.title')}
      version={POLICY.privacyVersion}
      summary={<p>{t('legal.privacy.summary', { organiser })}</p>}
    >
      <h2>{t('legal.privacy.collectTitle')}</h2>
      <h3>{t('legal.privacy.googleTitle')}</h3>
      <p>{t('legal.privacy.google')}</p>
      <h3>{t('legal.privacy.bookingTitle')}</h3>
      <ul>
        <li>{t('legal.privacy.bookingOrders')}</li>
        <li>{t('legal.privacy.bookingPayments')}</li>
        <li>{t('legal.privacy.bookingRefunds')}</li>
        <li>{t('legal.privacy.bookingCheckins')}</li>
      </ul>
      <h3>{t('legal.privacy.autoTitle')}</h3>
      <ul>
        <li>{t('legal.privacy.autoLogs')}</li>
        <li>{t('legal.privacy.autoCrash')}</li>
      </ul>

      <h2>{t('legal.privacy.useTitle')}</h2>
      <ul>
        <li>{t('legal.privacy.useAccount')}</li>
        <li>{t('legal.privacy.useTickets')}</li>
        <li>{t('legal.privacy.useGate')}</li>
        <li>{t('legal.privacy.useRefunds')}</li>
        <li>{t('legal.privacy.useChanges')}</li>
        <li>{t('legal.privacy.useSecurity')}</li>
        <li>{t('legal.privacy.useLaw')}</li>
      </ul>
      <p>{t('legal.privacy.noSale')}</p>

      <h2>{t('legal.privacy.shareTitle')}</h2>
      <ul>
        <li>
          <Trans i18nKey="legal.privacy.shareGoogle" components={strong} />
        </li>
        <li>
          <Trans i18nKey="legal.privacy.shareRazorpay" components={strong} />
        </li>
        <li>
          <Trans i18nKey="legal.privacy.shareHosting" components={strong} />
        </li>
        <li>
          <Trans i18nKey="legal.privacy.shareStaff" components={strong} />
        </li>
        <li>
          <Trans i18nKey="legal.privacy.shareAuthorities" components={strong} />
        </li>
      </ul>
      <p>{t('legal.privacy.shareBound')}</p>

      <h2>{t('legal.privacy.protectTitle')}</h2>
      <p>{t('legal.privacy.protect')}</p>

      <h2>{t('legal.privacy.rightsTitle')}</h2>
      <p>{t('legal.privacy.rightsIntro')}</p>
      <ul>
        <li>{t('legal.privacy.rightSummary')}</li>
        <li>{t('legal.privacy.rightCorrect')}</li>
        <li>{t('legal.privacy.rightErase')}</li>
        <li>{t('legal.privacy.rightWithdraw')}</li>
        <li>{t('legal.privacy.rightNominate')}</li>
        <li>{t('legal.privacy.rightGrievance')}</li>
      </ul>
      <p>
        <Trans
          i18nKey="legal.privacy.rightsContact"
          values={{ email, hours: POLICY.generalQueryResponseHours }}
          components={{ mail }}
        />
      </p>

      <h2>{t('legal.privacy.cookiesTitle')}</h2>
      <p>{t('legal.privacy.cookies')}</p>

      <h2>{t('legal.privacy.keepTitle')}</h2>
      <p>{t('legal.privacy.keep', { years: POLICY.dataRetentionYears })}</p>

      <h2>{t('legal.privacy.childrenTitle')}</h2>
      <p>
        {t('legal.privacy.children', {
          adult: POLICY.minimumBuyerAge,
          child: POLICY.childrenNotServedUnderAge,
          free: POLICY.childrenFreeUnderAge,
        })}
      </p>

      <h2>{t('legal.privacy.changesTitle')}</h2>
      <p>
        {/* The tag is <page>, not <link>: Trans parses the sentence as HTML, where <link> is a void element
            and its words would fall outside the link, leaving it empty. */}
        <Trans
          i18nKey="legal.privacy.changes"
          values={{ days: POLICY.termsChangeNoticeDays }}
          components={{ page: <Link to="/terms-of-service" /> }}
        />
      </p>

      <h2>{t('legal.privacy.contactTitle')}</h2>
      <SupportContact />
    </LegalPage>
  );
}
