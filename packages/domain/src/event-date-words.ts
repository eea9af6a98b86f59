// The words of an event's date (and of the short dates on tickets and at the gate) in the app's languages, as CLDR (and so Intl.DateTimeFormat) writes them for
// en-IN, hi-IN and gu-IN. formatEventDate writes the date from these instead of asking Intl: a phone's first
// Intl.DateTimeFormat with a time zone loads ICU's locale and zone data, a few hundred milliseconds of main
// thread at 4x CPU on the landing page's first render. test/time.test.ts holds them to Intl for every day of
// several years, so a CLDR change shows there.

export interface EventDateWords {
  /** Sunday first, as Date.getUTCDay counts. */
  weekdays: readonly string[];
  months: readonly string[];
  /** Abbreviated, as Intl's `month: 'short'` writes them. */
  shortMonths: readonly string[];
  /** Weekday, day, month and year in the locale's order and punctuation. */
  write: (weekday: string, day: number, month: string, year: number) => string;
  /** Day, short month and (when given) year, as Intl's `day: 'numeric', month: 'short'[, year: 'numeric']`. */
  writeShort: (day: number, month: string, year?: number) => string;
}

export const EVENT_DATE_WORDS: Readonly<Record<'en' | 'hi' | 'gu', EventDateWords>> = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    write: (weekday, day, month, year) => `${weekday}, ${day} ${month} ${year}`,
    writeShort: (day, month, year) => (year === undefined ? `${day} ${month}` : `${day} ${month} ${year}`),
  },
  hi: {
    weekdays: ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
    shortMonths: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
    write: (weekday, day, month, year) => `${weekday}, ${day} ${month} ${year}`,
    writeShort: (day, month, year) => (year === undefined ? `${day} ${month}` : `${day} ${month} ${year}`),
  },
  gu: {
    weekdays: ['રવિવાર', 'સોમવાર', 'મંગળવાર', 'બુધવાર', 'ગુરુવાર', 'શુક્રવાર', 'શનિવાર'],
    months: [
      'જાન્યુઆરી',
      'ફેબ્રુઆરી',
      'માર્ચ',
      'એપ્રિલ',
      'મે',
      'જૂન',
      'જુલાઈ',
      'ઑગસ્ટ',
      'સપ્ટેમ્બર',
      'ઑક્ટોબર',
      'નવેમ્બર',
      'ડિસેમ્બર',
    ],
    shortMonths: ['જાન્યુ', 'ફેબ્રુ', 'માર્ચ', 'એપ્રિલ', 'મે', 'જૂન', 'જુલાઈ', 'ઑગસ્ટ', 'સપ્ટે', 'ઑક્ટો', 'નવે', 'ડિસે'],
    write: (weekday, day, month, year) => `${weekday}, ${day} ${month}, ${year}`,
    writeShort: (day, month, year) => (year === undefined ? `${day} ${month}` : `${day} ${month}, ${year}`),
  },
};
