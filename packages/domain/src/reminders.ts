import { addDays, istInstant, minutesOfDay } from './time';

// When the day-before reminder goes out, and what it says about the gates (docs/product.md#emails).

export interface ReminderEvent {
  /** IST calendar date, YYYY-MM-DD. */
  date: string;
  /** HH:MM, IST. */
  startTime: string;
}

/** The instant reminders start going out: the IST day before the event, at `hourIst`:00. */
export function reminderStartsAt(event: ReminderEvent, hourIst: number): Date {
  return istInstant(addDays(event.date, -1), `${String(hourIst).padStart(2, '0')}:00`);
}

/**
 * Reminders are due from reminderStartsAt until the event starts: a guest who books after the first sweep
 * (the evening before, the morning of) still gets theirs, and nobody is reminded of a night already begun.
 */
export function remindersDue(event: ReminderEvent, hourIst: number, now: Date): boolean {
  const at = now.getTime();
  return (
    at >= reminderStartsAt(event, hourIst).getTime() && at < istInstant(event.date, event.startTime).getTime()
  );
}

/** "18:00" for a 18:30 start with gates opening 30 minutes before (never before midnight of the day). */
export function gatesOpenTime(startTime: string, minutesBefore: number): string {
  const minutes = Math.max(0, minutesOfDay(startTime) - minutesBefore);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The outbox row id of one person's reminder for one event date. The outbox's primary key makes it once
 * per person across instances and restarts; a moved event date reminds again, for the new date.
 */
export function reminderKey(eventId: string, eventDate: string, userId: string): string {
  return `reminder:${eventId}:${eventDate}:${userId}`;
}

/** A map search for the venue, as the landing page's "Open in Maps" links it. */
export function venueMapUrl(venue: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(venue)}`;
}
