import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage } from '@utsav/domain/languages';
import { formatClockTime } from '@utsav/domain/time';
import { useTranslation } from 'react-i18next';

// An event's hours in the reader's language: English keeps the product's "7:00 PM - 11:30 PM"; Hindi and
// Gujarati say each end with its own part of the day ("शाम 7:00 से रात 11:30 तक"; Intl's formatRange would
// give both ends the first one's "शाम", evening). The language is the one of the translator in context, not
// the app's global one, so the landing's build-time first screen (static-landing.tsx, one translator per
// language) says what React will.

/** `timeRange('19:00', '23:30')`: "7:00 PM - 11:30 PM", "शाम 7:00 से रात 11:30 तक", "સાંજે 7:00 થી રાત્રે 11:30 સુધી". */
export function useTimeRange(): (start: string, end: string) => string {
  const { t, i18n } = useTranslation();
  const locale = INTL_LOCALES[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  return (start, end) =>
    t('shell.timeRange', { start: formatClockTime(start, locale), end: formatClockTime(end, locale) });
}
