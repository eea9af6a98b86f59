import { describe, expect, it } from 'vitest';
import { connectionTrouble, type LastAttempt } from '../../src/lib/offline/connection-state';

// The words over saved tickets: "offline" only when the device is, a slow or failing server said as such.

describe('connectionTrouble', () => {
  it('is offline when the browser says so, whatever the last attempt met', () => {
    const attempts: LastAttempt[] = [
      { kind: 'none' },
      { kind: 'answered', status: 200 },
      { kind: 'answered', status: 500 },
      { kind: 'unreachable' },
      { kind: 'timeout' },
    ];
    for (const attempt of attempts) expect(connectionTrouble(false, attempt)).toBe('offline');
  });

  it('is offline when the browser thinks it is online but the last request got no answer at all', () => {
    expect(connectionTrouble(true, { kind: 'unreachable' })).toBe('offline');
  });

  it('is a failing server when the server answered with a 5xx', () => {
    expect(connectionTrouble(true, { kind: 'answered', status: 500 })).toBe('failing');
    expect(connectionTrouble(true, { kind: 'answered', status: 503 })).toBe('failing');
  });

  it('is a slow server when nothing failed: no answer yet, a timeout, or a last answer that was not an error', () => {
    expect(connectionTrouble(true, { kind: 'none' })).toBe('slow');
    expect(connectionTrouble(true, { kind: 'timeout' })).toBe('slow');
    expect(connectionTrouble(true, { kind: 'answered', status: 200 })).toBe('slow');
    expect(connectionTrouble(true, { kind: 'answered', status: 404 })).toBe('slow');
  });
});
