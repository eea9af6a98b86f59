import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_DEDUCTION_PLATFORM,
  CANCELLATION_MIN_DAYS,
  DEFAULT_RESALE_CLOSE_HOURS,
  DEFAULT_RESALE_FEE_PAISE,
  GROUP_MIN_QUANTITY,
  POLICY,
  TRANSFER_FEE_PER_TICKET,
} from '@utsav/domain/constants';
import type { Organiser } from '@utsav/domain/organiser';
import { formatRupees, paiseToRupees } from '@utsav/domain/pricing';
import type { TFunction } from 'i18next';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganiser } from '../../../lib/current-event';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

interface Faq {
  question: string;
  answer: ReactNode;
}

function faqs(event: SectionEvent, t: TFunction, organiser: Organiser | null): Faq[] {
  const rupees = { deduction: formatRupees(CANCELLATION_DEDUCTION_PER_TICKET) };
  const list: Faq[] = [
    { question: t('landing.faq.getTicketsQ'), answer: t('landing.faq.getTicketsA') },
    {
      question: t('landing.faq.groupQ'),
      answer: t('landing.faq.groupA', {
        groupMin: GROUP_MIN_QUANTITY,
        price: formatRupees(event.ticketPrice),
      }),
    },
    {
      question: t('landing.faq.cancelQ'),
      answer: (
        <Trans
          i18nKey="landing.faq.cancelA"
          values={{
            days: CANCELLATION_MIN_DAYS,
            ...rupees,
            gateway: formatRupees(CANCELLATION_DEDUCTION_GATEWAY),
            platform: formatRupees(CANCELLATION_DEDUCTION_PLATFORM),
            businessDays: POLICY.refundBusinessDays,
          }}
          components={{ policy: <Link to="/cancellation-policy" /> }}
        />
      ),
    },
    {
      question: t('landing.faq.childrenQ'),
      answer: t('landing.faq.childrenA', {
        age: POLICY.childrenFreeUnderAge,
        buyerAge: POLICY.minimumBuyerAge,
      }),
    },
    {
      question: t('landing.faq.transferQ'),
      answer: t('landing.faq.transferA', {
        fee: formatRupees(TRANSFER_FEE_PER_TICKET),
        hours: POLICY.transferCompleteHoursBefore,
      }),
    },
    {
      question: t('landing.faq.resaleQ'),
      answer: t('landing.faq.resaleA', {
        fee: formatRupees(paiseToRupees(DEFAULT_RESALE_FEE_PAISE)),
        hours: DEFAULT_RESALE_CLOSE_HOURS,
      }),
    },
    { question: t('landing.faq.bringQ'), answer: t('landing.faq.bringA') },
  ];
  // How to reach the organiser is answered once there is an organiser to reach.
  if (!organiser) return list;
  const hours = organiser.supportHours;
  list.push({
    question: t('landing.faq.supportQ'),
    answer: (
      <Trans
        i18nKey={hours ? 'landing.faq.supportA' : 'landing.faq.supportNoHoursA'}
        values={{
          email: organiser.supportEmail,
          hours,
          refundHours: POLICY.refundQueryResponseHours,
          otherHours: POLICY.generalQueryResponseHours,
        }}
        // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the translated <mail> text.
        components={{ mail: <a href={`mailto:${organiser.supportEmail}`} /> }}
      />
    ),
  });
  return list;
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
  const { t } = useTranslation();
  const organiser = useOrganiser();
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-5 py-20">
      <SectionHeading id="faq-title" eyebrow={t('landing.faq.eyebrow')} title={t('landing.faq.title')} />
      <ul className="space-y-3">
        {faqs(event, t, organiser).map((faq) => (
          <FaqItem key={faq.question} faq={faq} />
        ))}
      </ul>
    </section>
  );
}
