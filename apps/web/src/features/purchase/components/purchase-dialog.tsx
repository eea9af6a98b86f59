import { formatRupees } from '@utsav/domain/pricing';
import { lineOpensAt } from '@utsav/domain/waiting-room';
import { ArrowLeft, Ticket } from 'lucide-react';
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
import { dialogTitle, signInMessage } from '../checkout/purchase-messages';
import type {
  Buyer,
  Notice,
  PurchaseEvent,
  PurchaseResult,
  Step,
  WaitingRoomSlot,
} from '../checkout/purchase-types';
import { useCheckoutAnswers } from '../hooks/use-checkout-answers';
import { useOrderChoice } from '../hooks/use-order-choice';
import { useBlockUnload, usePurchasePayment } from '../hooks/use-purchase-payment';
import { useResaleChoice } from '../hooks/use-resale-choice';
import { CheckoutQuestions } from './checkout-questions';
import { AllowanceNote, LimitReachedContent, personLimitText } from './purchase-allowance';
import { ChoiceCodeField, ChoiceSummary } from './purchase-choice-parts';
import { ConfirmStep, SignInStep } from './purchase-confirm-step';
import { NoticeLine } from './purchase-notice';
import { UnverifiedStep, VerifyingStep } from './purchase-payment-outcome';
import { ResaleFooter, ResaleLink, ResaleStep, ResaleSummary } from './purchase-resale';
import { SelectStep } from './purchase-select-step';
import { SoldOutContent } from './purchase-sold-out';
import { TypesStep } from './purchase-types-step';
import { SalesNotOpenContent } from './sales-not-open-content';
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
  const [signingIn, setSigningIn] = useState(false);
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

  const payment = usePurchasePayment({
    event,
    buyer,
    order: planned,
    ticketNames: planned ? names.slice(0, planned.quantity) : [],
    answers: answers.payload,
    onAnswersRefused: (error) => {
      if (!answers.showRefusal(error)) return false;
      setNotice({ tone: 'error', text: t('checkout-questions.dialog.fix') });
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

  async function handleSignIn() {
    setSigningIn(true);
    try {
      await onSignIn();
    } catch (error) {
      toast.error(signInMessage(error, t), toastTarget());
    } finally {
      setSigningIn(false);
    }
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
    const lineOpen = Date.now() >= lineOpensAt(new Date(event.salesOpenAt)).getTime();
    body = <SalesNotOpenContent salesOpenAt={event.salesOpenAt} signedIn={buyer !== null} />;
    footer = (
      <>
        <Button variant="ghost" onClick={handleClose}>
          {t('purchase.button.close')}
        </Button>
        {lineOpen ? (
          buyer ? (
            <Button ref={primaryRef} onClick={() => enterLine(false)}>
              {t('purchase.button.joinLine')}
            </Button>
          ) : (
            <Button
              ref={primaryRef}
              onClick={handleSignIn}
              loading={signingIn}
              icon={<GoogleIcon size={18} />}
            >
              {t('purchase.button.signInToJoin')}
            </Button>
          )
        ) : null}
      </>
    );
  } else if (soldOut && choosing && !resale.active) {
    body = <SoldOutContent />;
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
    const codeField = <ChoiceCodeField choice={choice} signedIn={buyer !== null} />;
    const summary = <ChoiceSummary choice={choice} />;
    const allowanceNote = allowance ? <AllowanceNote allowance={allowance} /> : null;
    body = (
      <>
        {choice.typed ? (
          <TypesStep
            types={choice.types}
            chosen={choice.chosen}
            maxOf={choice.maxOf}
            onQuantityChange={choice.setQuantity}
            unlocked={choice.code.unlocked}
            refusal={choice.lineRefusal}
            agreed={agreed}
            onAgreedChange={setAgreed}
            headingRef={typesHeadingRef}
            allowanceNote={allowanceNote}
            codeField={codeField}
            summary={summary}
          />
        ) : (
          <SelectStep
            event={event}
            max={max}
            text={text}
            onTextChange={setText}
            priced={choice.classic.quote}
            agreed={agreed}
            onAgreedChange={setAgreed}
            inputRef={quantityRef}
            allowanceNote={allowanceNote}
            codeField={event.ticketTypes ? codeField : null}
            summary={choice.showsLines ? summary : null}
          />
        )}
        <ResaleLink resale={resale} />
        <div className="mt-3">
          <NoticeLine notice={notice} />
        </div>
      </>
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
        <Button
          variant="ghost"
          onClick={() => setStep('select')}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          {t('purchase.button.back')}
        </Button>
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
      />
    );
    footer = (
      <>
        <Button
          variant="ghost"
          onClick={() => setStep('select')}
          disabled={payment.pending}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          {t('purchase.button.back')}
        </Button>
        <Button
          ref={primaryRef}
          onClick={() => (answers.check() ? payment.pay() : undefined)}
          loading={payment.pending}
        >
          {t('purchase.button.pay', { amount: formatRupees(planned.total) })}
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
