import { POLICY } from '@utsav/domain/constants';
import { Link } from 'react-router';
import { LegalPage, SupportContact } from '../components/legal-page';

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      version={POLICY.privacyVersion}
      summary={
        <p>
          This policy explains what {POLICY.organiserName} collects when you use this site to book and use
          tickets for our Pre-Navratri Garba and Raas night, why we collect it, who we share it with, and the
          choices you have.
        </p>
      }
    >
      <h2>1. What we collect</h2>
      <h3>From your Google sign-in</h3>
      <p>
        We ask Google only for your basic profile and email address. We receive your name, email address,
        whether the email is verified, your profile picture (if you have one) and a unique account identifier.
        We never see your Google password.
      </p>
      <h3>When you book and use tickets</h3>
      <ul>
        <li>
          Your orders and tickets: quantity, price paid, pricing tier, ticket numbers, purchase time and
          status.
        </li>
        <li>
          Payment references from our payment provider (order id, payment id and status). Card, UPI and bank
          details are entered on the payment provider's own window and are never sent to or stored by us.
        </li>
        <li>Cancellation and refund requests, including the reason you give and the refund's progress.</li>
        <li>Check-in records: when your ticket was scanned at the gate and by which staff member.</li>
      </ul>
      <h3>Automatically</h3>
      <ul>
        <li>
          Technical logs kept to run and secure the service: IP address, browser type, pages requested, time
          and errors.
        </li>
        <li>
          If the site crashes on your device, an error report with the error message, the page address and
          your browser's user agent.
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <ul>
        <li>To create your account, sign you in and keep you signed in.</li>
        <li>
          To sell you tickets, take payment, send confirmations and show your tickets and their QR codes.
        </li>
        <li>To admit you at the gate and to stop a ticket from being used twice.</li>
        <li>To process cancellations and refunds, and to answer your support requests.</li>
        <li>To tell you about important changes to the event (time, venue, cancellation).</li>
        <li>To keep the service secure, prevent fraud and fix problems.</li>
        <li>To meet our legal, tax and accounting obligations.</li>
      </ul>
      <p>We do not sell your personal data, and we do not use it for advertising.</p>

      <h2>3. Who we share it with</h2>
      <ul>
        <li>
          <strong>Google (Firebase Authentication)</strong> — to sign you in.
        </li>
        <li>
          <strong>Razorpay</strong> — to take payments and send refunds to your original payment method.
        </li>
        <li>
          <strong>Our hosting and email providers</strong> — to run the site and send ticket and refund
          emails.
        </li>
        <li>
          <strong>Event staff</strong> — gate volunteers see a ticket's status and holder name when they scan
          it; organisers see bookings to run the event.
        </li>
        <li>
          <strong>Authorities</strong> — only when the law requires it.
        </li>
      </ul>
      <p>Each provider receives only what it needs for its task and is bound to protect it.</p>

      <h2>4. How we protect it</h2>
      <p>
        All traffic is encrypted (HTTPS). Sign-in tokens are verified on every request, access to bookings is
        limited to the staff roles that need it, and ticket QR codes carry a signed code rather than your
        personal details. No system is perfectly secure; if a breach affects you, we will tell you and the
        relevant authorities as the law requires.
      </p>

      <h2>5. Your rights</h2>
      <p>Under India's Digital Personal Data Protection Act, 2023 you may:</p>
      <ul>
        <li>ask for a summary of the personal data we hold about you;</li>
        <li>ask us to correct or complete inaccurate data;</li>
        <li>ask us to erase your data when it is no longer needed (records we must keep by law are kept);</li>
        <li>withdraw consent, which stops future processing but not what was already lawfully done;</li>
        <li>nominate another person to exercise these rights on your behalf;</li>
        <li>raise a grievance with us, and then with the Data Protection Board of India.</li>
      </ul>
      <p>
        Write to <a href={`mailto:${POLICY.supportEmail}`}>{POLICY.supportEmail}</a>. We reply within{' '}
        {POLICY.generalQueryResponseHours} hours and may ask you to confirm your identity. When an account is
        deleted, its tickets, payments and refunds are kept in anonymised form so our accounts still add up.
      </p>

      <h2>6. Cookies and local storage</h2>
      <p>
        We use no advertising or tracking cookies and load no third-party analytics. The site stores your
        sign-in session in your browser's local storage so you stay signed in, and remembers for the current
        browser session that you have seen the opening animation. Payment windows may set the payment
        provider's own cookies. Clearing your browser data signs you out.
      </p>

      <h2>7. How long we keep it</h2>
      <p>
        Account, booking, payment and check-in records are kept for about {POLICY.dataRetentionYears} years
        after the event, for accounting, tax and dispute purposes, and then deleted or anonymised. Technical
        logs are kept for a much shorter time. You can ask us to delete your account sooner (see Your rights).
      </p>

      <h2>8. Children</h2>
      <p>
        Tickets are bought by adults: you must be {POLICY.minimumBuyerAge} or older to create an account and
        buy. We do not knowingly collect data from children under {POLICY.childrenNotServedUnderAge}; if you
        believe a child has given us personal data, write to us and we will delete it. Children under{' '}
        {POLICY.childrenFreeUnderAge} attend free with a paying adult and need no account.
      </p>

      <h2>9. Changes to this policy</h2>
      <p>
        If we change this policy we will post the new version here with a new version number and effective
        date, and tell you by email of any change that materially affects you at least{' '}
        {POLICY.termsChangeNoticeDays} days before it applies. See also our{' '}
        <Link to="/terms-of-service">Terms of Service</Link>.
      </p>

      <h2>10. Contact</h2>
      <SupportContact />
    </LegalPage>
  );
}
