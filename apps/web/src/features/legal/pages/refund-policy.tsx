import {
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_MIN_DAYS,
  MIN_REFUND_PER_TICKET,
  POLICY,
} from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { Link } from 'react-router';
import { LegalPage, SupportContact } from '../components/legal-page';
import { EXAMPLE_PRICES, exampleRefund } from '../refund-example';

const STATUSES = [
  ['Pending', 'Refund request created and waiting to be processed'],
  ['Processing', 'Refund is being processed by the payment gateway'],
  ['Completed', 'Refund completed successfully'],
  ['Failed', 'Refund processing failed - manual intervention required'],
  ['Cancelled', 'Refund request was cancelled'],
] as const;

export default function RefundPolicy() {
  return (
    <LegalPage
      title="Refund Policy"
      version={POLICY.refundVersion}
      summary={
        <p>
          Refunds for cancelled tickets go back to the card, UPI account or bank you paid with, within{' '}
          {POLICY.refundBusinessDays} business days after approval.
        </p>
      }
    >
      <h2>1. Who gets a refund</h2>
      <ul>
        <li>
          Tickets cancelled at least {CANCELLATION_MIN_DAYS} days before the event, under our{' '}
          <Link to="/cancellation-policy">Cancellation Policy</Link>.
        </li>
        <li>Every ticket, in full, when the organiser cancels the event.</li>
        <li>Bereavement and medical cases accepted as described below.</li>
      </ul>
      <p>
        Tickets that were used, or that are not cancelled in time, are not refunded. Tickets stay valid within
        the last {CANCELLATION_MIN_DAYS} days.
      </p>

      <h2>2. How much</h2>
      <p>
        The refund is the ticket price minus {formatRupees(CANCELLATION_DEDUCTION_PER_TICKET)} per ticket
        (payment gateway and platform charges, which are not refundable), never less than{' '}
        {formatRupees(MIN_REFUND_PER_TICKET)} per ticket:
      </p>
      <ul>
        {EXAMPLE_PRICES.map((price) => (
          <li key={price}>
            {formatRupees(price)} paid → {formatRupees(exampleRefund(price))} refunded
          </li>
        ))}
      </ul>
      <p>Organiser cancellations and accepted bereavement cases are refunded in full, with no deduction.</p>

      <h2>3. How a refund moves</h2>
      <ol>
        <li>
          <strong>Request submitted</strong> — when you cancel a ticket, the refund request is created
          automatically.
        </li>
        <li>
          <strong>Verification</strong> — we check the request within {POLICY.verificationBusinessDays}{' '}
          business days.
        </li>
        <li>
          <strong>Approval email</strong> — you receive an email when the refund is approved.
        </li>
        <li>
          <strong>Refund to your original payment method</strong> — sent through Razorpay, our payment
          provider.
        </li>
        <li>
          <strong>Completion</strong> — the money reaches your account within {POLICY.refundBusinessDays}{' '}
          business days, depending on your bank. Refunds that have to be completed by hand take{' '}
          {POLICY.manualRefundBusinessDays} business days.
        </li>
      </ol>

      <h2>4. Tracking your refund</h2>
      <p>The Refund Tracker on your dashboard shows each refund's amounts, timeline and status:</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {STATUSES.map(([status, meaning]) => (
            <tr key={status}>
              <td>{status}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        If a refund fails, we retry it and contact you; you can also write to us at once. Refund questions are
        answered within {POLICY.refundQueryResponseHours} hours.
      </p>

      <h2>5. Special cases</h2>
      <ul>
        <li>
          <strong>Event cancelled by the organiser:</strong> full refund within{' '}
          {POLICY.organiserCancelledRefundBusinessDays} business days, started by us.
        </li>
        <li>
          <strong>Bereavement:</strong> full refund within {POLICY.bereavementRefundDays} days of your
          request.
        </li>
        <li>
          <strong>Medical emergency:</strong> send a medical certificate within{' '}
          {POLICY.medicalCertificateHours} hours of the incident.
        </li>
      </ul>

      <h2>6. Disputes</h2>
      <p>
        You may dispute a refund decision within {POLICY.disputeDays} days of it by writing to{' '}
        <a href={`mailto:${POLICY.supportEmail}`}>{POLICY.supportEmail}</a> with your ticket number. Please
        write to us before raising a chargeback with your bank: it is usually faster.
      </p>

      <h2>7. Contact</h2>
      <SupportContact />
    </LegalPage>
  );
}
