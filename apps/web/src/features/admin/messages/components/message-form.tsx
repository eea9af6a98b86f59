import { MESSAGE_AUDIENCES, MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '@utsav/domain/guest-messages';
import { Eye, FlaskConical, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { errorIdFor, FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import {
  AUDIENCE_LABELS,
  type MessageErrors,
  type MessageField,
  type MessageValues,
  messageFieldId,
  useMessageText,
} from './message-values';

/** A ticket type the message may be narrowed to, as the page passes them in. */
export interface MessageTicketType {
  id: string;
  name: string;
}

type TextField = Exclude<MessageField, 'audience' | 'ticketTypeIds'>;

const TEXTAREA_CLASSES = `${INPUT_CLASSES} min-h-40 py-2 leading-relaxed`;

/** The compose form: English, then optional Hindi and Gujarati, the audience and the types, and the three actions. */
export function MessageForm({
  values,
  errors,
  types,
  busy,
  previewing,
  testing,
  onChange,
  onPreview,
  onTest,
  onSend,
}: {
  values: MessageValues;
  errors: MessageErrors;
  types: readonly MessageTicketType[];
  busy: boolean;
  previewing: boolean;
  testing: boolean;
  onChange: (next: Partial<MessageValues>) => void;
  onPreview: () => void;
  onTest: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const errorOf = (field: MessageField) => text(errors[field]);

  const textField = (field: TextField, label: string, multiline: boolean, required = false) => {
    const id = messageFieldId(field);
    const common = {
      id,
      value: values[field],
      onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
      ...fieldAria(id, errorOf(field), field === 'body'),
    };
    return (
      <FormField
        id={id}
        label={label}
        required={required}
        error={errorOf(field)}
        hint={field === 'body' ? t('admin-messages.form.bodyHint') : undefined}
      >
        {multiline ? (
          <textarea {...common} maxLength={MESSAGE_BODY_MAX} rows={7} className={TEXTAREA_CLASSES} />
        ) : (
          <input {...common} maxLength={MESSAGE_SUBJECT_MAX} autoComplete="off" className={INPUT_CLASSES} />
        )}
      </FormField>
    );
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    onPreview();
  }

  const typesId = messageFieldId('ticketTypeIds');
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('admin-messages.form.label')}
      className="card grid gap-5 p-5 sm:p-6"
    >
      <div className="grid gap-5">
        {textField('subject', t('admin-messages.form.subject'), false, true)}
        {textField('body', t('admin-messages.form.body'), true, true)}
      </div>
      <p className="text-sm text-maroon-100">{t('admin-messages.form.translationsHint')}</p>
      <details
        className="rounded-xl border border-gold-400/30 p-4"
        open={Boolean(values.subjectHi || values.bodyHi || errors.subjectHi || errors.bodyHi)}
      >
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-cream">
          {t('admin-messages.form.hindi')}
        </summary>
        <div className="mt-4 grid gap-5" lang="hi">
          {textField('subjectHi', t('admin-messages.form.subject'), false)}
          {textField('bodyHi', t('admin-messages.form.body'), true)}
        </div>
      </details>
      <details
        className="rounded-xl border border-gold-400/30 p-4"
        open={Boolean(values.subjectGu || values.bodyGu || errors.subjectGu || errors.bodyGu)}
      >
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-cream">
          {t('admin-messages.form.gujarati')}
        </summary>
        <div className="mt-4 grid gap-5" lang="gu">
          {textField('subjectGu', t('admin-messages.form.subject'), false)}
          {textField('bodyGu', t('admin-messages.form.body'), true)}
        </div>
      </details>
      <fieldset id={messageFieldId('audience')} tabIndex={-1} className="grid gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-cream">
          {t('admin-messages.form.audience')}
        </legend>
        {MESSAGE_AUDIENCES.map((audience) => (
          <label key={audience} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="msg-audience"
              value={audience}
              checked={values.audience === audience}
              onChange={() => onChange({ audience })}
              className="size-5 shrink-0 accent-saffron-400"
            />
            <span className="text-cream">{t(AUDIENCE_LABELS[audience])}</span>
          </label>
        ))}
      </fieldset>
      {types.length > 1 ? (
        <fieldset
          id={typesId}
          tabIndex={-1}
          aria-describedby={errorOf('ticketTypeIds') ? errorIdFor(typesId) : undefined}
          className="grid gap-2"
        >
          <legend className="mb-1.5 text-sm font-semibold text-cream">
            {t('admin-messages.form.types')}
          </legend>
          <p className="text-xs text-maroon-200">{t('admin-messages.form.typesHint')}</p>
          {types.map((type) => (
            <label key={type.id} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                checked={values.ticketTypeIds.includes(type.id)}
                onChange={(event) =>
                  onChange({
                    ticketTypeIds: event.target.checked
                      ? [...values.ticketTypeIds, type.id]
                      : values.ticketTypeIds.filter((id) => id !== type.id),
                  })
                }
                className="size-5 shrink-0 accent-saffron-400"
              />
              <span className="text-cream">{type.name}</span>
            </label>
          ))}
          {errorOf('ticketTypeIds') ? (
            <p id={errorIdFor(typesId)} role="alert" className="text-sm font-semibold text-rose-100">
              {errorOf('ticketTypeIds')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="submit"
          variant="secondary"
          loading={previewing}
          disabled={busy}
          icon={<Eye aria-hidden="true" className="size-4" />}
        >
          {t('admin-messages.action.preview')}
        </Button>
        <Button
          variant="secondary"
          onClick={onTest}
          loading={testing}
          disabled={busy}
          icon={<FlaskConical aria-hidden="true" className="size-4" />}
        >
          {t('admin-messages.action.test')}
        </Button>
        <Button onClick={onSend} disabled={busy} icon={<Send aria-hidden="true" className="size-4" />}>
          {t('admin-messages.action.send')}
        </Button>
      </div>
    </form>
  );
}
