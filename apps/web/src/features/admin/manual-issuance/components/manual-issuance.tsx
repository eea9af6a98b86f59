import { NOTES_MAX_LENGTH } from '@utsav/domain/constants';
import { CalendarX2, TicketPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { sellableTypesNamed, useAdminTicketTypes } from '../../../../lib/admin-ticket-types';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/error-panel';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDownloadTicketPdfs } from '../api/download-ticket-pdfs';
import { useGuestUsers } from '../api/get-guest-users';
import { useIssuanceEvent } from '../api/get-issuance-event';
import { type IssueManualResult, MANUAL_MESSAGES, useIssueManualTickets } from '../api/issue-manual-tickets';
import {
  EMPTY_FORM,
  type FormState,
  parseQuantity,
  ticketPositions,
  toPayload,
  validate,
} from './issuance-form';
import { useIssuanceMessage } from './issuance-messages';
import { ConfirmStep, EventSummary, QuantityField } from './issuance-parts';
import { chosenType, issuancePrice, typeAvailable } from './issuance-type';
import { PricingPanel } from './pricing-panel';
import { RecipientPicker } from './recipient-picker';
import { SuccessDialog } from './success-dialog';
import { TypeField } from './type-field';

/**
 * Manual ticket issuance (docs/product.md#manual-issuance): tickets paid in cash or by direct UPI, to an existing guest or a
 * new one, with optional names per ticket; a confirm step; then a success dialog with the zip of PDFs.
 */
export function ManualIssuance({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const message = useIssuanceMessage();
  const guestsQuery = useGuestUsers();
  const eventQuery = useIssuanceEvent();
  const typesQuery = useAdminTicketTypes(sellableTypesNamed);
  const issue = useIssueManualTickets();
  const download = useDownloadTicketPdfs();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<{ data: IssueManualResult; paymentDone: boolean } | null>(null);
  const notesId = useId();
  const loadFailed = guestsQuery.isError || eventQuery.isError || typesQuery.isError;

  useEffect(() => {
    if (loadFailed) toast.error(t('admin-issuance.loadFailed'), { id: 'manual-issuance-load' });
  }, [loadFailed, t]);

  const event = eventQuery.data ?? null;
  const quantity = parseQuantity(form.quantityText) ?? 1;
  const types = typesQuery.data ?? [];
  const type = chosenType(types, form.ticketTypeId);
  const price = type ? issuancePrice(type, quantity, form.free, new Date()) : null;
  const validation = validate(form);
  const typeError = type ? undefined : MANUAL_MESSAGES.ticketType;
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
        toast.error(t('admin-issuance.toast.issueFailed', { reason: errorMessage(error) }), toastTarget());
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
          toast.error(
            t('admin-issuance.toast.downloadFailed', { reason: errorMessage(error) }),
            toastTarget(),
          ),
      },
    );
  }

  const header = (
    <ViewHeader
      title={t('admin-issuance.title')}
      description={t('admin-issuance.description')}
      onBack={onBack}
    />
  );

  if (eventQuery.isPending || guestsQuery.isPending || typesQuery.isPending) {
    return (
      <div>
        {header}
        <div role="status" aria-live="polite" className="grid gap-4">
          <span className="sr-only">{t('admin-issuance.loading')}</span>
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
          <EmptyState title={t('admin-issuance.loadFailed')}>
            <p>{errorMessage(eventQuery.error)}</p>
            <Button className="mt-3" size="sm" variant="secondary" onClick={() => void eventQuery.refetch()}>
              {t('admin.common.retry')}
            </Button>
          </EmptyState>
        ) : (
          <div className="card flex flex-col items-center gap-2 px-6 py-12 text-center">
            <CalendarX2 aria-hidden="true" className="size-10 text-gold-300" />
            <p className="font-semibold text-cream">{t('admin-issuance.noEvent.title')}</p>
            <p className="text-maroon-100">{t('admin-issuance.noEvent.text')}</p>
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
      <div className="grid grid-cols-1 gap-6">
        <EventSummary event={event} />
        {step === 'confirm' && type && price ? (
          <ConfirmStep
            form={form}
            type={type}
            price={price}
            quantity={quantity}
            busy={issue.isPending}
            onConfirm={submitIssue}
            onBack={() => setStep('form')}
          />
        ) : (
          <form
            noValidate
            aria-label={t('admin-issuance.formLabel')}
            className="card grid grid-cols-1 gap-6 p-5 sm:p-6"
            onSubmit={(submitEvent) => {
              submitEvent.preventDefault();
              setTried(true);
              if (validation.ok && !typeError) setStep('confirm');
            }}
          >
            {guestsQuery.isError ? (
              <p role="alert" className="text-sm text-rose-200">
                {t('admin-issuance.guestsFailed', { reason: errorMessage(guestsQuery.error) })}{' '}
                <button type="button" className="underline" onClick={() => void guestsQuery.refetch()}>
                  {t('admin.common.retry')}
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
              nameError={showErrors ? message(validation.name) : undefined}
              emailError={
                showErrors || (form.newEmail.includes('@') && validation.email === MANUAL_MESSAGES.email)
                  ? message(validation.email)
                  : undefined
              }
            />

            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem]">
              <div className="grid content-start gap-5">
                <TypeField
                  types={types}
                  chosen={type}
                  onChoose={(id) => update({ ticketTypeId: id || null })}
                  free={form.free}
                  onFreeChange={(free) => update({ free })}
                  error={showErrors ? message(typeError) : undefined}
                />
                <QuantityField
                  text={form.quantityText}
                  onChange={(quantityText) => update({ quantityText })}
                  error={message(validation.quantity)}
                  available={type ? typeAvailable(type, event.availableTickets) : event.availableTickets}
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
                      {t('admin-issuance.names.toggle')}
                    </label>
                    {form.useNames ? (
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {ticketPositions(quantity).map((index) => (
                          <FormField
                            key={`ticket-${index}`}
                            id={`ticket-name-${index}`}
                            label={t('admin-issuance.names.label', { number: index + 1 })}
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
                                t('admin-issuance.names.placeholder')
                              }
                              className={INPUT_CLASSES}
                              autoComplete="off"
                            />
                          </FormField>
                        ))}
                        <p className="text-xs text-maroon-200 sm:col-span-2">
                          {t('admin-issuance.names.hint')}
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
                    <span className="font-semibold">{t('admin-issuance.payment.label')}</span>
                    <span className="block text-maroon-100">{t('admin-issuance.payment.hint')}</span>
                  </span>
                </label>
                <FormField
                  id={notesId}
                  label={t('admin-issuance.notes.label')}
                  hint={t('admin-issuance.notes.count', {
                    used: formatCount(form.notes.length),
                    max: formatCount(NOTES_MAX_LENGTH),
                  })}
                >
                  <textarea
                    id={notesId}
                    value={form.notes}
                    maxLength={NOTES_MAX_LENGTH}
                    onChange={(change) => update({ notes: change.target.value.slice(0, NOTES_MAX_LENGTH) })}
                    rows={3}
                    className={`${INPUT_CLASSES} py-2`}
                    placeholder={t('admin-issuance.notes.placeholder')}
                    {...fieldAria(notesId, undefined, true)}
                  />
                </FormField>
              </div>
              <div className="grid content-start gap-4">
                {type && price ? <PricingPanel type={type} price={price} quantity={quantity} /> : null}
                {validation.recipient ? (
                  <p className="text-sm text-saffron-300" role={showErrors ? 'alert' : undefined}>
                    {message(validation.recipient)}
                  </p>
                ) : null}
                <Button
                  type="submit"
                  size="lg"
                  disabled={!!validation.recipient || !!validation.quantity || !!typeError}
                  icon={<TicketPlus aria-hidden="true" className="size-5" />}
                >
                  {t('admin-issuance.submit')}
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
