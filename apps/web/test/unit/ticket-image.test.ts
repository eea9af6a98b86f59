import { describe, expect, it } from 'vitest';
import { ticketImageLines } from '../../src/features/tickets/utils/qr';

describe('the downloaded ticket image', () => {
  it('says who the ticket is for, the event, when, and the ticket code', () => {
    expect(
      ticketImageLines({
        holderName: 'Anjali Joshi',
        eventName: 'Utsav Garba Night',
        ticketId: 'UTS-7KQ2M9XA',
        event: {
          name: 'Utsav Garba Night',
          date: '2027-01-05',
          startTime: '19:00',
          endTime: '23:30',
          venue: 'NSCI Dome',
        },
      }),
    ).toEqual([
      'For Anjali Joshi',
      'Utsav Garba Night',
      'Tuesday, 5 January 2027 · 7:00 PM - 11:30 PM',
      'Ticket UTS-7KQ2M9XA',
    ]);
  });

  it('leaves out what it does not know', () => {
    expect(
      ticketImageLines({
        holderName: '',
        eventName: 'Utsav',
        ticketId: 'T1',
        event: { name: 'Utsav', date: '', startTime: '', endTime: '', venue: '' },
      }),
    ).toEqual(['Utsav', 'Ticket T1']);
  });
});
