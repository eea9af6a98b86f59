import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, type Language } from '@utsav/domain/languages';
import domainGu from '@utsav/domain/messages/gu.json' with { type: 'json' };
import domainHi from '@utsav/domain/messages/hi.json' with { type: 'json' };
import { formatClockTime, formatEventDate, formatIstDateTime, istDateTimeLocal } from '@utsav/domain/time';
import { createInstance, type i18n as I18n } from 'i18next';
import en from './catalogs/en.json' with { type: 'json' };
import gu from './catalogs/gu.json' with { type: 'json' };
import hi from './catalogs/hi.json' with { type: 'json' };

// Server texts (error messages, field messages) are written in English in the code, gettext style: the
// English sentence is the key of its translations in catalogs/<language>.json. A sentence with a value in it is
// a template with named placeholders ({{count}}), made with msg(); plurals are `<template>_one`/`_other` keys,
// and English has entries only for those. A sentence no catalog knows yet is answered in English. The domain's
// shared sentences are translated in packages/domain/src/messages/, the server's own here.

/**
 * Values put into a sentence; a Date is shown with a formatter named in the template (`{{when, istDateTime}}`),
 * and a Message (a whole sentence put before or after another) is said in the same language first.
 */
export type MessageParams = Readonly<Record<string, string | number | Date | Message>>;

/** A sentence to be put in the reader's language when it is sent. */
export interface Message {
  readonly template: string;
  readonly params?: MessageParams;
}

export function msg(template: string, params?: MessageParams): Message {
  return params ? { template, params } : { template };
}

const engine: I18n = createInstance();
void engine.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  returnNull: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  // The domain's sentences (form rules shared with the web app) have their catalogs beside them.
  resources: {
    en: { translation: en },
    hi: { translation: { ...domainHi, ...hi } },
    gu: { translation: { ...domainGu, ...gu } },
  },
});

// `{{when, istDateTime}}`: an instant as people in India read it, in the reader's language. English keeps the
// domain's "Saturday, 3 January 2026 at 7:00 PM IST"; the other languages get the date and time in their own
// words and the sentence places them.
engine.services.formatter?.add('istDateTime', (value: unknown, lng: string | undefined) => {
  if (!(value instanceof Date)) return String(value);
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  if (language === 'en') return formatIstDateTime(value);
  const local = istDateTimeLocal(value);
  const locale = INTL_LOCALES[language];
  return `${formatEventDate(local.slice(0, 10), locale)}, ${formatClockTime(local.slice(11, 16), locale)} IST`;
});

/** The message in `language` (English when that language has no entry for it yet). */
export function renderMessage(message: string | Message, language: Language): string {
  const { template, params } =
    typeof message === 'string' ? { template: message, params: undefined } : message;
  const values = params
    ? Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          isMessage(value) ? renderMessage(value, language) : value,
        ]),
      )
    : {};
  // A sentence missing in the language falls back to English's entry (its plural forms) or the template itself.
  return engine.t(template, { ...values, lng: language });
}

function isMessage(value: MessageParams[string]): value is Message {
  return typeof value === 'object' && !(value instanceof Date);
}

export type Translate = (template: string, params?: MessageParams) => string;

/** `t('Hi {{name}},', { name })` in one language: what email and PDF builders write their sentences with. */
export function translator(language: Language): Translate {
  return (template, params) => renderMessage(msg(template, params), language);
}

/**
 * An event's hours for emails and PDFs: "7:00 PM - 11:30 PM IST" in English, as before; "शाम 7:00 से रात 11:30
 * तक (IST)" in Hindi, each end with its own part of the day.
 */
export function eventHours(start: string, end: string, say: Translate, locale: string): string {
  return say('{{start}} - {{end}} IST', {
    start: formatClockTime(start, locale),
    end: formatClockTime(end, locale),
  });
}
