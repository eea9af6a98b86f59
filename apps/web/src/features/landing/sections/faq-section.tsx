import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_DEDUCTION_PLATFORM,
  CANCELLATION_MIN_DAYS,
  GROUP_MIN_QUANTITY,
  POLICY,
  TRANSFER_FEE_PER_TICKET,
} from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

interface Faq {
  question: string;
  answer: ReactNode;
}

function faqs(event: SectionEvent): Faq[] {
  return [
    {
      question: 'How do I get my tickets?',
      answer:
        'Sign in with your Google account and book online. Your tickets appear under My Tickets in your dashboard, each with its own QR code, and a confirmation email follows.',
    },
    {
      question: 'Is there a discount for groups?',
      answer: `Yes. Booking ${GROUP_MIN_QUANTITY} or more tickets together moves the whole order to the group price when the event offers one; 1-3 tickets are ${formatRupees(event.ticketPrice)} each.`,
    },
    {
      question: 'Can I cancel my ticket?',
      answer: (
        <>
          You can cancel up to {CANCELLATION_MIN_DAYS} days before the event. We deduct{' '}
          {formatRupees(CANCELLATION_DEDUCTION_PER_TICKET)} per ticket (
          {formatRupees(CANCELLATION_DEDUCTION_GATEWAY)} payment gateway +{' '}
          {formatRupees(CANCELLATION_DEDUCTION_PLATFORM)} platform fee) and refund the rest to your original
          payment method within {POLICY.refundBusinessDays} business days. Inside the last{' '}
          {CANCELLATION_MIN_DAYS} days tickets cannot be cancelled and stay valid. Read the{' '}
          <Link to="/cancellation-policy">cancellation policy</Link>.
        </>
      ),
    },
    {
      question: 'Do children need a ticket?',
      answer: `Children under ${POLICY.childrenFreeUnderAge} enter free with a paying adult. Everyone aged ${POLICY.childrenFreeUnderAge} and above needs a ticket. Tickets are bought by adults (${POLICY.minimumBuyerAge}+).`,
    },
    {
      question: 'Can I give my ticket to someone else?',
      answer: `Transfers are possible for a fee of ${formatRupees(TRANSFER_FEE_PER_TICKET)} per ticket and must be completed at least ${POLICY.transferCompleteHoursBefore} hours before the event. Write to ${POLICY.supportEmail}.`,
    },
    {
      question: 'What should I bring?',
      answer:
        'Your ticket QR code (on your phone or printed) and a photo ID. Dandiya sticks are welcome; comfortable footwear is a good idea.',
    },
    {
      question: 'How do I reach support?',
      answer: (
        <>
          Email <a href={`mailto:${POLICY.supportEmail}`}>{POLICY.supportEmail}</a> ({POLICY.supportHours}).
          Refund questions are answered within {POLICY.refundQueryResponseHours} hours, everything else within{' '}
          {POLICY.generalQueryResponseHours} hours.
        </>
      ),
    },
  ];
}

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="card overflow-hidden">
      <h3 className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-cream hover:text-gold-200"
        >
          {faq.question}
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 text-gold-300 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div
        id={panelId}
        hidden={!open}
        className="px-5 pb-5 text-maroon-100 [&_a]:text-saffron-300 [&_a]:underline [&_a]:underline-offset-2"
      >
        {faq.answer}
      </div>
    </li>
  );
}

export default function FaqSection({ event }: { event: SectionEvent }) {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-5 py-20">
      <SectionHeading id="faq-title" eyebrow="Good to know" title="Frequently Asked Questions" />
      <ul className="space-y-3">
        {faqs(event).map((faq) => (
          <FaqItem key={faq.question} faq={faq} />
        ))}
      </ul>
    </section>
  );
}
