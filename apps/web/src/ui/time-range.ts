import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, type Language } from '@utsav/domain/languages';
import { formatTime } from '@utsav/domain/time';
import { useTranslation } from 'react-i18next';

// An event's hours in the reader's language. English keeps the spec's "7:00 PM - 11:30 PM" (the domain's
// formatTime); Hindi and Gujarati get their own clock through Intl, each end with its own part of the day
// ("शाम 7:00 से रात 11:30 तक"): Intl's formatRange would give both ends the first end's "शाम" (evening).
// The language is the one of the translator in context, not the app's global one, so the landing's
// build-time first screen (static-landing.tsx, one translator per language) says what React will.

const clocks = new Map<Language, Intl.DateTimeFormat>();

function clock(time: string, language: Language): string {
  if (language === 'en') return formatTime(time);
  const date = new Date(`1970-01-01T${time}:00.000Z`);
  if (Number.isNaN(date.getTime())) return time;
  let format = clocks.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      hour: 'numeric',
      minute: '2-digit',
      dayPeriod: 'short',
      timeZone: 'UTC',
    });
    clocks.set(language, format);
  }
  return format.format(date);
}

/** `timeRange('19:00', '23:30')`: "7:00 PM - 11:30 PM", "शाम 7:00 से रात 11:30 तक", "7:00 સાંજે – 11:30 રાત્રે". */
export function useTimeRange(): (start: string, end: string) => string {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (start, end) => t('shell.timeRange', { start: clock(start, language), end: clock(end, language) });
}
