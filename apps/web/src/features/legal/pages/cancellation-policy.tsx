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
import { formatRupees } from '@utsav/domain/pricing';
import { Link } from 'react-router';
import { LegalPage, SupportContact } from '../components/legal-page';
import { EXAMPLE_PRICES, exampleRefund } from '../refund-example';

export default function CancellationPolicy() {
  const deduction = formatRupees(CANCELLATION_DEDUCTION_PER_TICKET);
  return (
    <LegalPage
      title="Cancellation Policy"
      version={POLICY.cancellationVersion}
      summary={
        <p>
          You can cancel a ticket up to {CANCELLATION_MIN_DAYS} days before the event and get back the ticket
          price minus {deduction} per ticket. Within the last {CANCELLATION_MIN_DAYS} days tickets cannot be
          cancelled and stay valid for entry.
        </p>
      }
    >
      <h2>1. When you can cancel</h2>
      <ul>
        <li>
          Cancellation is open until <strong>{CANCELLATION_MIN_DAYS} days before the event date</strong>. Days
          are counted in India Standard Time and part days are rounded up.
        </li>
        <li>
          Inside the last {CANCELLATION_MIN_DAYS} days no cancellation or refund is possible. Your ticket
          stays valid and you can still use it, or transfer it (see section 5).
        </li>
        <li>Only active tickets can be cancelled; used tickets and tickets already cancelled cannot.</li>
        <li>
          Tickets issued by the organiser at the venue or by hand (for cash or direct UPI payments) cannot be
          cancelled online. Write to us about them.
        </li>
      </ul>

      <h2>2. How to cancel</h2>
      <ol>
        <li>Sign in and open My Tickets on your dashboard.</li>
        <li>Choose Cancel on the ticket and tell us why (up to {REASON_MAX_LENGTH} characters).</li>
        <li>Confirm that you understand the cancellation is final.</li>
        <li>
          The ticket is cancelled at once, its QR code stops working, and a refund is started automatically.
          You will see it in the Refund Tracker.
        </li>
      </ol>
      <p>
        A cancelled ticket cannot be restored. If you change your mind, book again while tickets are
        available.
      </p>

      <h2>3. What is deducted</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Deduction per cancelled ticket</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Payment gateway charge (non-refundable)</td>
            <td>{formatRupees(CANCELLATION_DEDUCTION_GATEWAY)}</td>
          </tr>
          <tr>
            <td>Platform fee (non-refundable)</td>
            <td>{formatRupees(CANCELLATION_DEDUCTION_PLATFORM)}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td>
              <strong>{deduction}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        The refund is the price you paid for the ticket minus {deduction}, and never less than{' '}
        {formatRupees(MIN_REFUND_PER_TICKET)} per ticket. For example:
      </p>
      <ul>
        {EXAMPLE_PRICES.map((price) => (
          <li
            key={price}
          >{`a ${formatRupees(price)} ticket refunds ${formatRupees(exampleRefund(price))}`}</li>
        ))}
        <li>
          three tickets of {formatRupees(500)} refund {formatRupees(exampleRefund(500, 3))}.
        </li>
      </ul>

      <h2>4. Special cases</h2>
      <ul>
        <li>
          <strong>Event cancelled by the organiser:</strong> every ticket is refunded in full, with no
          deduction, within {POLICY.organiserCancelledRefundBusinessDays} business days. You do not need to do
          anything.
        </li>
        <li>
          <strong>Bereavement in the immediate family:</strong> write to us; we refund in full within{' '}
          {POLICY.bereavementRefundDays} days, even inside the last {CANCELLATION_MIN_DAYS} days.
        </li>
        <li>
          <strong>Medical emergency:</strong> write to us with a medical certificate within{' '}
          {POLICY.medicalCertificateHours} hours of the incident; we consider each case with care.
        </li>
        <li>
          <strong>Event postponed:</strong> your tickets stay valid for the new date. If you cannot attend the
          new date, you may cancel under this policy.
        </li>
      </ul>

      <h2>5. Transfers instead of cancelling</h2>
      <p>
        If you cannot come, you can transfer a ticket to someone else for{' '}
        {formatRupees(TRANSFER_FEE_PER_TICKET)} per ticket, up to {POLICY.transferCompleteHoursBefore} hours
        before the event starts. In My Tickets, choose "Transfer" on the ticket, enter the new holder's name
        and email, and pay the fee. Your ticket's QR code stops working at once and the new holder receives a
        new ticket with its own QR code by email (and in My Tickets when they sign in with that email). Used
        or cancelled tickets cannot be transferred, nor can a ticket be transferred to yourself or to someone
        who already has the most tickets one person may have.
      </p>
      <p>
        A transferred ticket cannot be cancelled for a refund, by you or by the new holder: the refund would
        go back to the card that first paid for it.
      </p>

      <h2>6. Refunds</h2>
      <p>
        Refunds go back to the original payment method within {POLICY.refundBusinessDays} business days after
        approval. The full process is described in our <Link to="/refund-policy">Refund Policy</Link>.
      </p>

      <h2>7. Disputes</h2>
      <p>
        If you disagree with a cancellation or refund decision, write to us within {POLICY.disputeDays} days
        of the decision. We will review it and reply within {POLICY.generalQueryResponseHours} hours.
      </p>

      <h2>8. Contact</h2>
      <SupportContact />
    </LegalPage>
  );
}
