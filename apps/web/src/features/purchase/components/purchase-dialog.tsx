import { formatRupees } from '@utsav/domain/pricing';
import { Ticket } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { loadCheckout } from '../../../lib/razorpay';
import { useSalesOpen } from '../../../lib/use-sales-open';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { GoogleIcon } from '../../../ui/google-icon';
import { toastTarget } from '../../../ui/toast';
import { usePurchaseAllowance } from '../api/get-purchase-allowance';
import { plannedFee } from '../checkout/planned-fee';
import { dialogTitle } from '../checkout/purchase-messages';
import type {
  Buyer,
  Notice,
  PurchaseEvent,
  PurchaseResult,
  Step,
  WaitingRoomSlot,
} from '../checkout/purchase-types';
import { useBusinessDetails } from '../hooks/use-business-details';
import { useCheckoutAnswers } from '../hooks/use-checkout-answers';
import { useDialogSignIn } from '../hooks/use-dialog-sign-in';
import { useOrderChoice } from '../hooks/use-order-choice';
import { useBlockUnload, usePurchasePayment } from '../hooks/use-purchase-payment';
import { useResaleChoice } from '../hooks/use-resale-choice';
import { CheckoutQuestions } from './checkout-questions';
import { LimitReachedContent, personLimitText } from './purchase-allowance';
import { BusinessDetails } from './purchase-business-details';
import { ChoiceSummary } from './purchase-choice-parts';
import { ChoiceStep } from './purchase-choice-step';
import { BackButton, ConfirmStep, SignInStep } from './purchase-confirm-step';
import { FeeSummary } from './purchase-fee';
import { NoticeLine } from './purchase-notice';
import { UnverifiedStep, VerifyingStep } from './purchase-payment-outcome';
import { ResaleFooter, ResaleStep, ResaleSummary } from './purchase-resale';
import { SoldOutContent } from './purchase-sold-out';
import { SalesNotOpenContent, SalesNotOpenFooter } from './sales-not-open-content';
import { TermsAgreement } from './terms-agreement';

// The steps' screens live in purchase-*-step.tsx, the payment itself in hooks/use-purchase-payment.ts; this
// file holds the state that ties them together and decides which step shows.

/**
 * The purchase dialog (docs/product.md#purchase). Sign-in and navigation belong to the page: it passes the
 * buyer (null when signed out), how to sign in, and what to do once tickets are issued. The waiting room is
 * a feature of its own: the page passes it in (renderWaitingRoom), shown while the guest waits in line.
 */
export function PurchaseDialog({
  event,
  open,
  onClose,
  buyer,
  onSignIn,
  onPurchased,
  onEventStale,
  renderWaitingRoom,
}: {
  event: PurchaseEvent;
  open: boolean;
  onClose: () => void;
  buyer: Buyer | null;
  onSignIn: () => Promise<unknown>;
  onPurchased: (result: PurchaseResult) => void;
  onEventStale: () => void;
  /** The waiting line's screen; mounted only while the guest waits, so it joins the line when it mounts. */
  renderWaitingRoom: (slot: WaitingRoomSlot) => ReactNode;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('select');
  const [agreed, setAgreed] = useState(false);
  // Who each ticket is for, kept like the quantity while the dialog is closed and reopened.
  const [names, setNames] = useState<string[]>([]);
  const { signingIn, signIn: handleSignIn } = useDialogSignIn(onSignIn);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pendingToast, setPendingToast] = useState<Notice | null>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const typesHeadingRef = useRef<HTMLHeadingElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);

  // The waiting room: the pass it gave, and whether its turn should resume a payment by itself.
  const queuePass = useRef<string | null>(null);
  const resumePay = useRef(false);
  const handlePayRef = useRef<() => Promise<void>>(async () => {});
  const salesOpen = useSalesOpen(event.salesOpenAt);
  // The line said the tickets are gone while the guest waited: Close becomes the main button.
  const [lineSoldOut, setLineSoldOut] = useState(false);
  const waitingSoldOut = step === 'waiting' && lineSoldOut;

  const allowance = usePurchaseAllowance(buyer?.email ?? null, { enabled: open }).data ?? null;

  const available = event.availableTickets;
  const soldOut = available !== null && available <= 0;
  const limitReached = allowance !== null && allowance.remaining <= 0;
  const choice = useOrderChoice({ event, allowance, signedIn: buyer !== null, onSignIn });
  // Resold tickets, once a type's own stock is gone: their own choice and order (purchase-resale.tsx).
  const resale = useResaleChoice(event);
  const { choose: chooseResale } = resale;
  const planned = resale.active ? resale.planned : choice.planned;
  const { text, setText, max } = choice.classic;
  const answers = useCheckoutAnswers(event.checkoutQuestions, planned, event.ticketTypes);
  // A business's GSTIN for its invoice: offered only by an organiser registered for GST.
  const business = useBusinessDetails();
  const offersInvoice = event.gstRegistered === true;
  // The convenience fee on top of the tickets, shown before paying and sent with the order.
  const fee = planned ? plannedFee(planned, event.convenienceFee) : null;

  const payment = usePurchasePayment({
    event,
    buyer,
    order: planned,
    ticketNames: planned ? names.slice(0, planned.quantity) : [],
    answers: answers.payload,
    business: offersInvoice ? business.payload : null,
    convenienceFee: fee && !planned?.resale ? fee.onTop : null,
    onAnswersRefused: (error) => {
      if (answers.showRefusal(error)) setNotice({ tone: 'error', text: t('checkout-questions.dialog.fix') });
      else if (business.showRefusal(error)) setNotice({ tone: 'error', text: t('purchase.business.fix') });
      else return false;
      return true;
    },
    queuePass,
    setStep,
    setNotice,
    setPendingToast,
    onQueueRequired: () => {
      queuePass.current = null;
      enterLine(true);
    },
    onPaid: () => {
      choice.reset();
      chooseResale(false);
      setAgreed(false);
      setNames([]);
      answers.reset();
      business.reset();
    },
    onPurchased,
    onEventStale,
    onPriceChanged: (figures, key) => {
      choice.onPriceChanged(figures, key);
      setStep('confirm');
    },
    onRefused: (error) => {
      choice.onRefused(error);
      setNotice({ tone: 'error', text: error.message });
    },
  });
  const { abandon } = payment;

  // Every opening starts at the selection, keeping what the guest chose before closing (quantity and the
  // terms tick: a second look at the price must not cost the choice). A completed purchase starts afresh
  // (usePurchasePayment's confirmPayment). The checkout script starts loading now, not on the landing page.
  useEffect(() => {
    if (!open) {
      abandon();
      return;
    }
    setStep('select');
    setNotice(null);
    chooseResale(false);
    loadCheckout().catch(() => undefined);
  }, [open, abandon, chooseResale]);

  // The event was refetched with fewer tickets than selected: keep the selection within what exists.
  useEffect(() => {
    const typed = Number.parseInt(text, 10);
    if (!Number.isNaN(typed) && typed > max) setText(String(max));
  }, [max, text, setText]);

  // Signed in mid-purchase with more chosen than this person may still buy: back to choosing, told why (the
  // selection itself is brought within the allowance by the effect above).
  useEffect(() => {
    if (step !== 'confirm' || !allowance || allowance.remaining <= 0) return;
    if ((planned?.quantity ?? 0) > allowance.remaining) {
      setNotice({ tone: 'error', text: personLimitText(allowance, t) });
      setStep('select');
    }
  }, [step, allowance, planned?.quantity, t]);

  // After sign-in the purchase resumes by itself, with the same quantity (docs/product.md#purchase).
  useEffect(() => {
    if (step === 'signin' && buyer) setStep('confirm');
  }, [step, buyer]);

  // A selection that became invalid (fewer tickets left) cannot be confirmed: back to choosing.
  useEffect(() => {
    if ((step === 'signin' || step === 'confirm') && !planned) setStep('select');
  }, [step, planned]);

  // Focus follows the step: the field (or the list of types) on selection, the step's main button afterwards.
  useEffect(() => {
    if (!open) return;
    if (step === 'select') (choice.typed ? typesHeadingRef : quantityRef).current?.focus();
    else primaryRef.current?.focus();
  }, [open, step, choice.typed]);

  // Toasts raised while the dialog is reopening wait until it is open, so they land in its own toaster.
  useEffect(() => {
    if (!pendingToast || step === 'paying') return;
    if (pendingToast.tone === 'error') toast.error(pendingToast.text, toastTarget());
    else toast(pendingToast.text, toastTarget());
    setPendingToast(null);
  }, [pendingToast, step]);

  useBlockUnload(step === 'verifying');

  function handleContinue() {
    if (!planned || !agreed) return;
    setNotice(null);
    setStep(buyer ? 'confirm' : 'signin');
  }

  handlePayRef.current = payment.pay;

  /** Into the waiting line; with `resume`, the payment the guest asked for continues when their turn comes. */
  function enterLine(resume: boolean) {
    resumePay.current = resume;
    setLineSoldOut(false);
    setStep('waiting');
  }

  function onAdmitted(pass: string) {
    queuePass.current = pass;
    if (resumePay.current) {
      resumePay.current = false;
      void handlePayRef.current();
    } else {
      setNotice({ tone: 'info', text: t('purchase.notice.yourTurn') });
      setStep('select');
    }
  }

  function onLineSoldOut() {
    setLineSoldOut(true);
    onEventStale();
  }

  function handleClose() {
    if (step === 'verifying') return;
    payment.abandon();
    onClose();
  }

  let body: ReactNode;
  let footer: ReactNode;
  const choosing = step === 'select' || step === 'signin' || step === 'confirm';
  if (step === 'waiting') {
    body = renderWaitingRoom({ onAdmitted, onSoldOut: onLineSoldOut });
    footer = (
      <Button ref={primaryRef} variant={waitingSoldOut ? 'primary' : 'ghost'} onClick={handleClose}>
        {t('purchase.button.close')}
      </Button>
    );
  } else if (!salesOpen && event.salesOpenAt && choosing && !soldOut) {
    body = <SalesNotOpenContent salesOpenAt={event.salesOpenAt} signedIn={buyer !== null} />;
    footer = (
      <SalesNotOpenFooter
        salesOpenAt={event.salesOpenAt}
        signedIn={buyer !== null}
        onClose={handleClose}
        onJoinLine={() => enterLine(false)}
        onSignIn={handleSignIn}
        signingIn={signingIn}
        primaryRef={primaryRef}
      />
    );
  } else if (soldOut && choosing && !resale.active) {
    body = <SoldOutContent notice={notice?.tone === 'error' ? <NoticeLine notice={notice} /> : null} />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        {t('purchase.button.close')}
      </Button>
    );
  } else if (limitReached && allowance && (step === 'select' || step === 'confirm')) {
    body = <LimitReachedContent allowance={allowance} />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        {t('purchase.button.close')}
      </Button>
    );
  } else if (step === 'select' && resale.active) {
    body = (
      <ResaleStep
        resale={resale}
        soldOut={soldOut}
        terms={<TermsAgreement agreed={agreed} onAgreedChange={setAgreed} />}
        notice={<NoticeLine notice={notice} />}
      />
    );
    footer = (
      <ResaleFooter
        onBack={soldOut ? null : () => chooseResale(false)}
        onContinue={handleContinue}
        ready={planned !== null && agreed}
        primaryRef={primaryRef}
      />
    );
  } else if (step === 'select') {
    body = (
      <ChoiceStep
        event={event}
        choice={choice}
        resale={resale}
        allowance={allowance}
        signedIn={buyer !== null}
        agreed={agreed}
        onAgreedChange={setAgreed}
        notice={notice}
        quantityRef={quantityRef}
        typesHeadingRef={typesHeadingRef}
      />
    );
    footer = (
      <Button
        ref={primaryRef}
        onClick={handleContinue}
        disabled={!planned || !agreed}
        icon={<Ticket aria-hidden="true" className="size-5" />}
      >
        {t('purchase.button.continue')}
      </Button>
    );
  } else if (step === 'signin' && planned) {
    body = <SignInStep order={planned} />;
    footer = (
      <>
        <BackButton onClick={() => setStep('select')} />
        <Button ref={primaryRef} onClick={handleSignIn} loading={signingIn} icon={<GoogleIcon size={18} />}>
          {t('purchase.button.signIn')}
        </Button>
      </>
    );
  } else if (step === 'confirm' && planned) {
    body = (
      <ConfirmStep
        event={event}
        order={planned}
        summary={
          resale.active ? (
            <ResaleSummary order={planned} />
          ) : choice.showsLines ? (
            <ChoiceSummary choice={choice} />
          ) : null
        }
        buyer={buyer}
        notice={notice}
        names={names}
        onNamesChange={setNames}
        questions={<CheckoutQuestions answers={answers} names={names} />}
        business={offersInvoice ? <BusinessDetails business={business} /> : null}
        fee={fee ? <FeeSummary fee={fee} /> : null}
      />
    );
    footer = (
      <>
        <BackButton onClick={() => setStep('select')} disabled={payment.pending} />
        <Button
          ref={primaryRef}
          onClick={() => {
            // Both are checked, so every refused field shows; the questions, asked first, take the focus first.
            const answered = answers.check();
            if (business.check({ focus: answered }) && answered) void payment.pay();
          }}
          loading={payment.pending}
        >
          {t('purchase.button.pay', { amount: formatRupees(fee?.toPay ?? planned.total) })}
        </Button>
      </>
    );
  } else if (step === 'verifying') {
    body = <VerifyingStep />;
  } else if (step === 'unverified') {
    body = <UnverifiedStep orderId={payment.unverifiedOrder} />;
    footer = (
      <Button ref={primaryRef} onClick={handleClose}>
        {t('purchase.button.close')}
      </Button>
    );
  }

  return (
    <Dialog
      open={open && step !== 'paying'}
      onClose={handleClose}
      dismissible={step !== 'verifying'}
      labels={{
        close: t('purchase.button.closeDialog'),
        notifications: t('purchase.notifications'),
        closeToast: t('purchase.button.closeToast'),
      }}
      title={dialogTitle(step, soldOut && !resale.active, limitReached, t)}
      description={step === 'select' ? event.name : undefined}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}
