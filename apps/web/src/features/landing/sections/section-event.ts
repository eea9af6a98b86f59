/** The slice of the event the landing sections read. Kept here so the landing feature stands alone. */
export interface SectionEvent {
  name: string;
  description: string | null;
  aboutText: string | null;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
  groupPrice4: number | null;
  availableTickets: number | null;
  eventImage: string | null;
  features: string[];
}
