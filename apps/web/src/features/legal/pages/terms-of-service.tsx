import {
  CANCELLATION_MIN_DAYS,
  GROUP_MIN_QUANTITY,
  POLICY,
  TRANSFER_FEE_PER_TICKET,
} from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { Link } from 'react-router';
import { LegalPage, SupportContact } from '../components/legal-page';

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      version={POLICY.termsVersion}
      summary={
        <p>
          These terms apply when you use this site and when you attend the event with a ticket bought here. By
          signing in or buying a ticket you agree to them.
        </p>
      }
    >
      <h2>1. Who we are</h2>
      <p>
        The event and this site are run by {POLICY.organiserName}, Mumbai, Maharashtra, India ("we", "us").
        "You" means the person using the site or holding a ticket.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You must be {POLICY.minimumBuyerAge} or older to create an account and buy tickets.</li>
        <li>We do not offer accounts to children under {POLICY.childrenNotServedUnderAge}.</li>
        <li>Give accurate information and keep it up to date.</li>
        <li>One account per person. Do not share your account or let others sign in with it.</li>
        <li>
          You are responsible for what happens under your account; tell us at once if you suspect misuse.
        </li>
      </ul>

      <h2>3. Tickets and prices</h2>
      <ul>
        <li>
          Prices are shown in Indian rupees and include the price of entry. Orders of {GROUP_MIN_QUANTITY} or
          more tickets may get a group price when the event offers one.
        </li>
        <li>A booking is confirmed only when payment succeeds and your tickets appear in My Tickets.</li>
        <li>
          Each ticket has its own QR code and admits one person, once. Keep it private: a copied code that is
          scanned first will be admitted first.
        </li>
        <li>
          Children under {POLICY.childrenFreeUnderAge} enter free with a paying adult; everyone else needs a
          ticket.
        </li>
        <li>Reselling tickets for profit is not allowed; such tickets may be cancelled without refund.</li>
        <li>
          Transfers to another person cost {formatRupees(TRANSFER_FEE_PER_TICKET)} per ticket, are made in My
          Tickets and must be completed {POLICY.transferCompleteHoursBefore} hours before the event; the
          original ticket's QR code then no longer admits anyone, and a transferred ticket cannot be cancelled
          for a refund.
        </li>
      </ul>

      <h2>4. Cancellations and refunds</h2>
      <p>
        You may cancel up to {CANCELLATION_MIN_DAYS} days before the event under our{' '}
        <Link to="/cancellation-policy">Cancellation Policy</Link>; refunds follow our{' '}
        <Link to="/refund-policy">Refund Policy</Link>. Both form part of these terms.
      </p>

      <h2>5. At the event</h2>
      <ul>
        <li>Show your ticket QR code at the gate; carry a photo ID, which staff may ask to see.</li>
        <li>
          Entry may be refused, without refund, to anyone who is intoxicated, carries prohibited items or
          endangers others. Follow the directions of event staff and security.
        </li>
        <li>Outside food, alcohol, weapons and fireworks are not allowed. Bags may be checked.</li>
        <li>The event may be photographed and filmed for coverage of the event.</li>
        <li>Look after your belongings; we are not responsible for lost or stolen items.</li>
      </ul>

      <h2>6. Changes to the event</h2>
      <p>
        We may change the programme, performers or timings when needed. If the date or venue changes, your
        tickets stay valid for the new date and you may cancel them under the Cancellation Policy. If we
        cancel the event, every ticket is refunded in full within{' '}
        {POLICY.organiserCancelledRefundBusinessDays} business days.
      </p>

      <h2>7. Using this site</h2>
      <p>
        Do not misuse the site: no automated buying, no attempts to get around limits, forge tickets or reach
        other people's data. We may suspend accounts that do.
      </p>

      <h2>8. Liability</h2>
      <p>
        To the extent the law allows, our liability for any claim about a ticket is limited to the amount you
        paid for it. Nothing in these terms limits rights you have under the Consumer Protection Act, 2019.
      </p>

      <h2>9. Privacy</h2>
      <p>
        How we handle your data is explained in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We will give at least {POLICY.termsChangeNoticeDays} days' notice of changes to these terms by posting
        the new version here and emailing account holders. Tickets already bought keep the terms that applied
        when you bought them.
      </p>

      <h2>11. Governing law and disputes</h2>
      <p>
        These terms are governed by the laws of India, and the courts of Mumbai have jurisdiction. Please
        write to us first: disputes about a refund decision should reach us within {POLICY.disputeDays} days
        of it.
      </p>

      <h2>12. Contact</h2>
      <SupportContact hours={POLICY.termsSupportHours} />
    </LegalPage>
  );
}
