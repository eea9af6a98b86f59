import { EMAIL_PATTERN } from '@utsav/domain/auth-schemas';
import { NOTES_MAX_LENGTH } from '@utsav/domain/constants';
import { formatRupees, quote } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import { CalendarX2, Minus, Plus, TicketPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/error-panel';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { Skeleton } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDownloadTicketPdfs } from '../api/download-ticket-pdfs';
import { type GuestUser, useGuestUsers } from '../api/get-guest-users';
import { type IssuanceEvent, useIssuanceEvent } from '../api/get-issuance-event';
import {
  type IssueManualInput,
  type IssueManualResult,
  MANUAL_MESSAGES,
  useIssueManualTickets,
} from '../api/issue-manual-tickets';
import { PricingPanel } from './pricing-panel';
import { type RecipientMode, RecipientPicker } from './recipient-picker';
import { SuccessDialog } from './success-dialog';

interface FormState {
  mode: RecipientMode;
  search: string;
  selected: GuestUser | null;
  newName: string;
  newEmail: string;
  quantityText: string;
  useNames: boolean;
  names: string[];
  paymentDone: boolean;
  notes: string;
}

const EMPTY_FORM: FormState = {
  mode: 'existing',
  search: '',
  selected: null,
  newName: '',
  newEmail: '',
  quantityText: '1',
  useNames: false,
  names: [],
  paymentDone: false,
  notes: '',
};

/** 0..quantity-1: a ticket's position is its identity in the names list. */
function ticketPositions(quantity: number): number[] {
  return Array.from({ length: quantity }, (_, index) => index);
}

function parseQuantity(text: string): number | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

interface Validation {
  recipient: string | undefined;
  name: string | undefined;
  email: string | undefined;
  quantity: string | undefined;
  ok: boolean;
}

/** The rules of admin-side §5 for manual issuance, in the order a person meets them. */
function validate(form: FormState): Validation {
  const quantity = parseQuantity(form.quantityText) === null ? MANUAL_MESSAGES.quantity : undefined;
  if (form.mode === 'existing') {
    const recipient = form.selected ? undefined : MANUAL_MESSAGES.noRecipient;
    return { recipient, name: undefined, email: undefined, quantity, ok: !recipient && !quantity };
  }
  const name = form.newName.trim();
  const email = form.newEmail.trim();
  const bothEmpty = !name && !email;
  const recipient = bothEmpty
    ? MANUAL_MESSAGES.noRecipient
    : !name || !email
      ? MANUAL_MESSAGES.newUserFields
      : undefined;
  const emailError = email && !EMAIL_PATTERN.test(email) ? MANUAL_MESSAGES.email : undefined;
  return {
    recipient,
    name: !bothEmpty && !name ? MANUAL_MESSAGES.newUserFields : undefined,
    email: emailError ?? (!bothEmpty && !email ? MANUAL_MESSAGES.newUserFields : undefined),
    quantity,
    ok: !recipient && !emailError && !quantity,
  };
}

function toPayload(form: FormState, quantity: number): IssueManualInput {
  const common = {
    quantity,
    paymentDone: form.paymentDone,
    notes: form.notes.trim(),
    ticketNames: form.useNames && quantity > 1 ? form.names.slice(0, quantity) : [],
  };
  return form.mode === 'existing' && form.selected
    ? { userId: form.selected.id, ...common }
    : { userName: form.newName.trim(), userEmail: form.newEmail.trim(), ...common };
}

function QuantityField({
  text,
  onChange,
  error,
  available,
}: {
  text: string;
  onChange: (text: string) => void;
  error: string | undefined;
  available: number | null;
}) {
  const current = parseQuantity(text) ?? 1;
  const buttonClass =
    'flex size-11 shrink-0 items-center justify-center rounded-full border border-gold-400/60 bg-maroon-950/60 text-gold-200 hover:bg-maroon-800 disabled:cursor-not-allowed disabled:opacity-40';
  const over = available !== null && current > available;
  return (
    <FormField
      id="manual-quantity"
      label="Number of tickets"
      error={error}
      hint={available !== null ? `${available.toLocaleString('en-IN')} tickets available` : undefined}
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          onClick={() => onChange(String(Math.max(1, current - 1)))}
          disabled={current <= 1}
          aria-label="Decrease quantity"
          aria-controls="manual-quantity"
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <input
          id="manual-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            if (parseQuantity(text) === null) onChange('1');
          }}
          className={`${INPUT_CLASSES} w-24 text-center text-lg font-bold`}
          {...fieldAria('manual-quantity', error, available !== null)}
        />
        <button
          type="button"
          className={buttonClass}
          onClick={() => onChange(String(current + 1))}
          aria-label="Increase quantity"
          aria-controls="manual-quantity"
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      {over ? (
        <p className="mt-1 text-sm text-saffron-300">
          Only {available} left: the server will refuse more than are available.
        </p>
      ) : null}
    </FormField>
  );
}

function EventSummary({ event }: { event: IssuanceEvent }) {
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-saffron-300 uppercase">Issuing for</p>
        <p className="truncate font-display text-xl text-gold-200">{event.name}</p>
        <p className="text-sm text-maroon-100">
          {event.date ? formatEventDate(event.date) : 'Date to be announced'}
        </p>
      </div>
      <p className="rounded-full border border-gold-400/40 px-3 py-1 text-sm text-cream">
        <strong className="tabular-nums">{event.availableTickets?.toLocaleString('en-IN') ?? '—'}</strong>{' '}
        available
      </p>
    </div>
  );
}

function ConfirmStep({
  form,
  event,
  quantity,
  busy,
  onConfirm,
  onBack,
}: {
  form: FormState;
  event: IssuanceEvent;
  quantity: number;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const priced = quote(event, quantity);
  const recipient =
    form.mode === 'existing' ? form.selected : { name: form.newName.trim(), email: form.newEmail.trim() };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const names = form.useNames && quantity > 1 ? form.names.slice(0, quantity) : [];
  return (
    <section aria-labelledby="confirm-title" className="card grid gap-4 p-5 sm:p-6">
      <h2
        id="confirm-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl text-gold-200 outline-none"
      >
        Confirm ticket issuance
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-maroon-200">Recipient</dt>
          <dd className="text-cream">
            {recipient?.name}
            {form.mode === 'new' ? (
              <span className="ml-2 text-xs text-emerald-200">(new guest account)</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-maroon-200">Email</dt>
          <dd className="break-words text-cream">{recipient?.email}</dd>
        </div>
        <div>
          <dt className="text-maroon-200">Tickets</dt>
          <dd className="text-cream">
            {quantity} × {formatRupees(priced.pricePerTicket)} ({priced.pricingTier})
          </dd>
        </div>
        <div>
          <dt className="text-maroon-200">Total</dt>
          <dd className="font-bold text-gold-200">{formatRupees(priced.total)}</dd>
        </div>
        <div>
          <dt className="text-maroon-200">Payment</dt>
          <dd className="text-cream">{form.paymentDone ? 'Received (cash/UPI)' : 'Pending'}</dd>
        </div>
        {form.notes.trim() ? (
          <div>
            <dt className="text-maroon-200">Notes</dt>
            <dd className="break-words text-cream">{form.notes.trim()}</dd>
          </div>
        ) : null}
        {names.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-maroon-200">Names on tickets</dt>
            <dd className="text-cream">
              {names
                .map((name, index) => name.trim() || `${recipient?.name} (ticket ${index + 1})`)
                .join(', ')}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {form.mode === 'new' ? 'Create User & Issue Tickets' : 'Confirm & Issue Tickets'}
        </Button>
      </div>
    </section>
  );
}

/**
 * Manual ticket issuance (admin-side §2): tickets paid in cash or by direct UPI, to an existing guest or a
 * new one, with optional names per ticket; a confirm step; then a success dialog with the zip of PDFs.
 */
export function ManualIssuance({ onBack }: { onBack: () => void }) {
  const guestsQuery = useGuestUsers();
  const eventQuery = useIssuanceEvent();
  const issue = useIssueManualTickets();
  const download = useDownloadTicketPdfs();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<{ data: IssueManualResult; paymentDone: boolean } | null>(null);
  const notesId = useId();
  const loadFailed = guestsQuery.isError || eventQuery.isError;

  useEffect(() => {
    if (loadFailed) toast.error('Failed to load data', { id: 'manual-issuance-load' });
  }, [loadFailed]);

  const event = eventQuery.data ?? null;
  const quantity = parseQuantity(form.quantityText) ?? 1;
  const validation = validate(form);
  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  function reset() {
    setForm(EMPTY_FORM);
    setStep('form');
    setTried(false);
    setResult(null);
  }

  function submitIssue() {
    if (!event) return;
    const payload = toPayload(form, quantity);
    issue.mutate(payload, {
      onSuccess: (data) => {
        setResult({ data, paymentDone: form.paymentDone });
        setForm(EMPTY_FORM);
        setStep('form');
        setTried(false);
      },
      onError: (error) => {
        toast.error(`Failed to issue tickets: ${errorMessage(error)}`, toastTarget());
        setStep('form');
      },
    });
  }

  function downloadPdfs() {
    if (!result) return;
    download.mutate(
      { ticketIds: result.data.ticketIds, recipient: result.data.user.name },
      {
        onError: (error) =>
          toast.error(`Failed to download PDF tickets: ${errorMessage(error)}`, toastTarget()),
      },
    );
  }

  const header = (
    <ViewHeader
      title="Issue Manual Tickets"
      description="For tickets paid in cash or by direct UPI."
      onBack={onBack}
    />
  );

  if (eventQuery.isPending || guestsQuery.isPending) {
    return (
      <div>
        {header}
        <div role="status" aria-live="polite" className="grid gap-4">
          <span className="sr-only">Loading</span>
          <Skeleton className="h-20 rounded-[1.25rem]" />
          <Skeleton className="h-96 rounded-[1.25rem]" />
        </div>
      </div>
    );
  }

  if (!event) {
    return (
      <div>
        {header}
        {eventQuery.isError ? (
          <EmptyState title="Failed to load data">
            <p>{errorMessage(eventQuery.error)}</p>
            <Button className="mt-3" size="sm" variant="secondary" onClick={() => void eventQuery.refetch()}>
              Retry
            </Button>
          </EmptyState>
        ) : (
          <div className="card flex flex-col items-center gap-2 px-6 py-12 text-center">
            <CalendarX2 aria-hidden="true" className="size-10 text-gold-300" />
            <p className="font-semibold text-cream">No Event Found</p>
            <p className="text-maroon-100">Please create an event first before issuing tickets.</p>
          </div>
        )}
      </div>
    );
  }

  const showErrors = tried;
  const guests = guestsQuery.data ?? [];

  return (
    <div>
      {header}
      <div className="grid gap-6">
        <EventSummary event={event} />
        {step === 'confirm' ? (
          <ConfirmStep
            form={form}
            event={event}
            quantity={quantity}
            busy={issue.isPending}
            onConfirm={submitIssue}
            onBack={() => setStep('form')}
          />
        ) : (
          <form
            noValidate
            aria-label="Issue tickets"
            className="card grid gap-6 p-5 sm:p-6"
            onSubmit={(submitEvent) => {
              submitEvent.preventDefault();
              setTried(true);
              if (validation.ok) setStep('confirm');
            }}
          >
            {guestsQuery.isError ? (
              <p role="alert" className="text-sm text-rose-200">
                Guests could not be loaded ({errorMessage(guestsQuery.error)}); you can still issue to a new
                user.{' '}
                <button type="button" className="underline" onClick={() => void guestsQuery.refetch()}>
                  Retry
                </button>
              </p>
            ) : null}
            <RecipientPicker
              mode={form.mode}
              onModeChange={(mode) => update({ mode })}
              guests={guests}
              guestsLoading={guestsQuery.isFetching && guests.length === 0}
              search={form.search}
              onSearchChange={(search) => update({ search })}
              selected={form.selected}
              onSelect={(selected) => update({ selected })}
              newName={form.newName}
              newEmail={form.newEmail}
              onNewNameChange={(newName) => update({ newName })}
              onNewEmailChange={(newEmail) => update({ newEmail })}
              nameError={showErrors ? validation.name : undefined}
              emailError={
                showErrors || (form.newEmail.includes('@') && validation.email === MANUAL_MESSAGES.email)
                  ? validation.email
                  : undefined
              }
            />

            <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
              <div className="grid content-start gap-5">
                <QuantityField
                  text={form.quantityText}
                  onChange={(quantityText) => update({ quantityText })}
                  error={validation.quantity}
                  available={event.availableTickets}
                />
                {quantity > 1 ? (
                  <div>
                    <label className="flex items-center gap-2 text-sm font-semibold text-cream">
                      <input
                        type="checkbox"
                        className="size-4 accent-saffron-400"
                        checked={form.useNames}
                        onChange={(change) => update({ useNames: change.target.checked })}
                      />
                      Different names on each ticket
                    </label>
                    {form.useNames ? (
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {ticketPositions(quantity).map((index) => (
                          <FormField
                            key={`ticket-${index}`}
                            id={`ticket-name-${index}`}
                            label={`Ticket ${index + 1} name`}
                          >
                            <input
                              id={`ticket-name-${index}`}
                              value={form.names[index] ?? ''}
                              onChange={(change) => {
                                const names = [...form.names];
                                names[index] = change.target.value;
                                update({ names });
                              }}
                              placeholder={
                                (form.mode === 'existing' ? form.selected?.name : form.newName.trim()) ||
                                "Recipient's name"
                              }
                              className={INPUT_CLASSES}
                              autoComplete="off"
                            />
                          </FormField>
                        ))}
                        <p className="text-xs text-maroon-200 sm:col-span-2">
                          A blank name uses the recipient's name.
                        </p>
                      </div>
                    ) : null}
                  </div>
                ) : null}
                <label className="flex items-start gap-2 text-sm text-cream">
                  <input
                    type="checkbox"
                    className="mt-1 size-4 accent-saffron-400"
                    checked={form.paymentDone}
                    onChange={(change) => update({ paymentDone: change.target.checked })}
                  />
                  <span>
                    <span className="font-semibold">Payment received</span>
                    <span className="block text-maroon-100">
                      Cash or direct UPI collected for these tickets.
                    </span>
                  </span>
                </label>
                <FormField
                  id={notesId}
                  label="Notes (optional)"
                  hint={`${form.notes.length}/${NOTES_MAX_LENGTH} characters`}
                >
                  <textarea
                    id={notesId}
                    value={form.notes}
                    maxLength={NOTES_MAX_LENGTH}
                    onChange={(change) => update({ notes: change.target.value.slice(0, NOTES_MAX_LENGTH) })}
                    rows={3}
                    className={`${INPUT_CLASSES} py-2`}
                    placeholder="e.g. Paid cash at the office, receipt 142"
                    {...fieldAria(notesId, undefined, true)}
                  />
                </FormField>
              </div>
              <div className="grid content-start gap-4">
                <PricingPanel event={event} quantity={quantity} />
                {validation.recipient ? (
                  <p className="text-sm text-saffron-300" role={showErrors ? 'alert' : undefined}>
                    {validation.recipient}
                  </p>
                ) : null}
                <Button
                  type="submit"
                  size="lg"
                  disabled={!!validation.recipient || !!validation.quantity}
                  icon={<TicketPlus aria-hidden="true" className="size-5" />}
                >
                  Issue Tickets
                </Button>
              </div>
            </div>
          </form>
        )}
      </div>

      <SuccessDialog
        result={result?.data ?? null}
        paymentDone={result?.paymentDone ?? false}
        downloading={download.isPending}
        onDownload={downloadPdfs}
        onSkip={reset}
        onIssueMore={reset}
        onBack={() => {
          reset();
          onBack();
        }}
      />
    </div>
  );
}
