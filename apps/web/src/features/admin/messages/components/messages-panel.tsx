import type { Language } from '@utsav/domain/languages';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { formatCount } from '../../../../ui/format';
import { toastTarget } from '../../../../ui/toast';
import { ViewHeader } from '../../../../ui/view-header';
import { usePreviewMessage, useSendMessage } from '../api/messages';
import { MessageForm, type MessageTicketType } from './message-form';
import { MessageList } from './message-list';
import { type MessagePreview, MessagePreviewCard } from './message-preview';
import {
  errorsOf,
  MESSAGE_FIELDS,
  type MessageErrors,
  type MessageValues,
  messageFieldId,
  newMessageValues,
  validateMessage,
  writtenLanguages,
} from './message-values';

/**
 * The admin panel 'Messages': compose a message to guests (English, optional Hindi and Gujarati), choose who gets
 * it, preview the count and the email, send a test to yourself, then send with a confirmation; below, the messages
 * sent with their mails queued, sent and failed, updating while they go out.
 */
export function MessagesPanel({
  onBack,
  ticketTypes,
}: {
  onBack: () => void;
  ticketTypes: readonly MessageTicketType[];
}) {
  const { t } = useTranslation();
  const previewCall = usePreviewMessage();
  const sendCall = useSendMessage();
  const [values, setValues] = useState<MessageValues>(newMessageValues);
  const [errors, setErrors] = useState<MessageErrors>({});
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [testing, setTesting] = useState(false);
  /** The language the preview shows (chosen at once; the email follows when it comes). */
  const [previewLanguage, setPreviewLanguage] = useState<Language>('en');
  const busy = previewCall.isPending || sendCall.isPending;
  /**
   * This message's send key: a second press, or a resend after an answer that never came, gets the message the
   * first one queued instead of sending it again (the server's rule). A new one after each message sent.
   */
  const sendKey = useRef(newSendKey());

  function change(next: Partial<MessageValues>) {
    setValues((current) => ({ ...current, ...next }));
    // What was previewed is no longer what would be sent.
    setPreview(null);
    const cleared = Object.keys(next);
    if (cleared.some((field) => errors[field as keyof MessageValues]))
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !cleared.includes(field))),
      );
  }

  /** Checks the form; on a refusal shows it per field, focuses the first and says so. */
  function checked(found: MessageErrors = validateMessage(values)): boolean {
    setErrors(found);
    const first = MESSAGE_FIELDS.find((field) => found[field]);
    if (!first) return true;
    toast.error(t('admin-messages.toast.fixErrors'), toastTarget());
    document.getElementById(messageFieldId(first))?.focus();
    return false;
  }

  function refused(
    error: unknown,
    key: 'admin-messages.toast.previewFailed' | 'admin-messages.toast.sendFailed',
  ) {
    const details = error instanceof ApiError ? (error.details ?? []) : [];
    if (details.length > 0) checked(errorsOf(details));
    else toast.error(t(key, { reason: errorMessage(error) }), toastTarget());
  }

  function showPreview(language: Language = previewLanguage, then?: (shown: MessagePreview) => void) {
    if (!checked()) return;
    setPreviewLanguage(language);
    previewCall.mutate(
      { message: values, language },
      {
        onSuccess: (shown) => {
          setPreview(shown);
          then?.(shown);
        },
        onError: (error) => refused(error, 'admin-messages.toast.previewFailed'),
      },
    );
  }

  function sendTest() {
    if (!checked()) return;
    setTesting(true);
    sendCall.mutate(
      { ...values, test: true },
      {
        onSuccess: () => toast.success(t('admin-messages.toast.testSent'), toastTarget()),
        onError: (error) => refused(error, 'admin-messages.toast.sendFailed'),
        onSettled: () => setTesting(false),
      },
    );
  }

  function send() {
    if (!checked()) return;
    sendCall.mutate(
      { ...values, idempotencyKey: sendKey.current },
      {
        onSuccess: (message) => {
          sendKey.current = newSendKey();
          // The dialog goes first, so the toast is raised on the page, not inside the dialog that is closing.
          flushSync(() => setConfirming(null));
          toast.success(
            t('admin-messages.toast.sent', {
              count: message.recipients,
              formatted: formatCount(message.recipients),
            }),
            toastTarget(),
          );
          setValues(newMessageValues());
          setPreview(null);
        },
        onError: (error) => refused(error, 'admin-messages.toast.sendFailed'),
        onSettled: () => setConfirming(null),
      },
    );
  }

  /** Asks to confirm the count, or says there is nobody to send to (the server refuses that too). */
  function confirmSend(shown: MessagePreview) {
    if (shown.recipients > 0) setConfirming(shown.recipients);
    else toast.error(t('admin-messages.toast.nobody'), toastTarget());
  }

  return (
    <div>
      <ViewHeader
        title={t('admin-messages.title')}
        description={t('admin-messages.description')}
        onBack={onBack}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MessageForm
          values={values}
          errors={errors}
          types={ticketTypes}
          busy={busy}
          previewing={previewCall.isPending && confirming === null}
          testing={testing}
          onChange={change}
          onPreview={() => showPreview()}
          onTest={sendTest}
          onSend={() => showPreview(preview?.email.language ?? 'en', confirmSend)}
        />
        {preview ? (
          <MessagePreviewCard
            preview={preview}
            languages={writtenLanguages(values)}
            selected={previewLanguage}
            loading={previewCall.isPending}
            onLanguage={(language) => showPreview(language)}
          />
        ) : null}
      </div>
      <MessageList />
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin-messages.confirm.title', {
          count: confirming ?? 0,
          formatted: formatCount(confirming ?? 0),
        })}
        confirmLabel={t('admin-messages.action.send')}
        cancelLabel={t('admin-messages.action.cancel')}
        busy={sendCall.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        <p className="text-maroon-50">{t('admin-messages.confirm.text')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A random key of 32 hex digits (crypto.randomUUID needs a secure page; getRandomValues does not). */
function newSendKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
