import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES } from '../../src/lib/api-client';
import {
  forgetEveryone,
  loadPersonal,
  savePersonal,
  setCurrentPerson,
} from '../../src/lib/offline/person-store';
import { failureToToast, isUnreachable, settlesWithin, shownData } from '../../src/lib/offline/saved-view';

// The guest's offline copy: IndexedDB (fake-indexeddb's in-memory implementation of the same
// API) holding one person's tickets at a time, and the rule for when a saved copy may be shown.

const ANJALI = 'uid-anjali';
const RAVI = 'uid-ravi';
const TICKETS = [{ id: 't1', qrCode: 'UT1.abc.def', status: 'active' }];

beforeEach(async () => {
  await forgetEveryone();
});

describe('the person store', () => {
  it('gives the signed-in person back their tickets with the time they were fetched', async () => {
    setCurrentPerson(ANJALI);
    expect(await savePersonal(ANJALI, 'tickets', TICKETS, 1_700_000_000_000)).toBe(true);
    expect(await loadPersonal(ANJALI, 'tickets')).toEqual({
      uid: ANJALI,
      area: 'tickets',
      value: TICKETS,
      savedAt: 1_700_000_000_000,
    });
  });

  it('a later save replaces the earlier copy', async () => {
    setCurrentPerson(ANJALI);
    await savePersonal(ANJALI, 'tickets', TICKETS, 1);
    await savePersonal(ANJALI, 'tickets', [], 2);
    expect(await loadPersonal(ANJALI, 'tickets')).toMatchObject({ value: [], savedAt: 2 });
  });

  it('never gives one person the entries of another', async () => {
    setCurrentPerson(ANJALI);
    await savePersonal(ANJALI, 'tickets', TICKETS);
    expect(await loadPersonal(RAVI, 'tickets')).toBeNull();
    expect(await loadPersonal(ANJALI, 'event')).toBeNull();
  });

  it('keeps one person at a time: the next person signing in removes the previous one’s entries', async () => {
    setCurrentPerson(ANJALI);
    await savePersonal(ANJALI, 'tickets', TICKETS);
    await savePersonal(ANJALI, 'user', { name: 'Anjali' });
    setCurrentPerson(RAVI);
    await savePersonal(RAVI, 'user', { name: 'Ravi' });
    setCurrentPerson(ANJALI);
    expect(await loadPersonal(ANJALI, 'tickets')).toBeNull();
    expect(await loadPersonal(ANJALI, 'user')).toBeNull();
    expect(await loadPersonal(RAVI, 'user')).toMatchObject({ value: { name: 'Ravi' } });
  });

  it('sign-out deletes everything, and an answer arriving after it is not saved', async () => {
    setCurrentPerson(ANJALI);
    await savePersonal(ANJALI, 'tickets', TICKETS);
    const lateSave = savePersonal(ANJALI, 'event', { name: 'Utsav' });
    await forgetEveryone();
    await lateSave;
    expect(await savePersonal(ANJALI, 'tickets', TICKETS)).toBe(false);
    expect(await loadPersonal(ANJALI, 'tickets')).toBeNull();
    expect(await loadPersonal(ANJALI, 'event')).toBeNull();
  });

  it('does not write for someone who is not the signed-in person', async () => {
    setCurrentPerson(ANJALI);
    expect(await savePersonal(RAVI, 'tickets', TICKETS)).toBe(false);
    expect(await loadPersonal(RAVI, 'tickets')).toBeNull();
  });
});

describe('a visitor who never signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has no database opened by the sign-out clean-up until something was saved', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    const open = vi.spyOn(indexedDB, 'open');
    vi.resetModules();
    const fresh = await import('../../src/lib/offline/person-store');
    await fresh.forgetEveryone();
    expect(open).not.toHaveBeenCalled();

    fresh.setCurrentPerson(ANJALI);
    await fresh.savePersonal(ANJALI, 'tickets', TICKETS);
    // The mark names the one person whose entries the store holds: index.html's boot script reads theirs only.
    expect(storage.get('utsav.offline-saved')).toBe(ANJALI);
    fresh.setCurrentPerson(RAVI);
    await fresh.savePersonal(RAVI, 'user', { name: 'Ravi' });
    expect(storage.get('utsav.offline-saved')).toBe(RAVI);
    vi.resetModules();
    const afterReload = await import('../../src/lib/offline/person-store');
    await afterReload.forgetEveryone();
    expect(await afterReload.loadPersonal(ANJALI, 'tickets')).toBeNull();
    expect(storage.size).toBe(0);
  });
});

describe('what the guest is shown', () => {
  const saved = { uid: ANJALI, area: 'tickets' as const, value: ['saved'], savedAt: 100 };
  const network = new ApiError(0, MESSAGES.network, 'NETWORK_ERROR');

  it('the live answer, with no banner, while online', () => {
    expect(shownData({ live: ['live'], liveAt: 200, saved, offline: false, error: null })).toEqual({
      data: ['live'],
      savedAt: null,
    });
  });

  it('the saved copy with its time while offline and nothing live has arrived', () => {
    expect(shownData({ live: undefined, liveAt: 0, saved, offline: true, error: null })).toEqual({
      data: ['saved'],
      savedAt: 100,
    });
  });

  it('the saved copy when the call failed without an answer (a lying connection)', () => {
    expect(shownData({ live: undefined, liveAt: 0, saved, offline: false, error: network })).toEqual({
      data: ['saved'],
      savedAt: 100,
    });
  });

  it('a list loaded earlier on this page, marked with its time, once the connection is lost', () => {
    expect(shownData({ live: ['live'], liveAt: 200, saved, offline: true, error: null })).toEqual({
      data: ['live'],
      savedAt: 200,
    });
  });

  it('never the saved copy for a real refusal from the server', () => {
    const refused = new ApiError(401, 'Unauthorized', 'UNAUTHORIZED');
    expect(shownData({ live: undefined, liveAt: 0, saved, offline: false, error: refused })).toEqual({
      data: undefined,
      savedAt: null,
    });
    expect(isUnreachable(refused)).toBe(false);
    expect(isUnreachable(new ApiError(502, MESSAGES.server))).toBe(true);
    expect(isUnreachable(new Error('boom'))).toBe(false);
  });

  it('the saved copy at once when the session check got no answer, but a live answer that arrives is fresh', () => {
    const unreachable = { offline: false, error: null, serverUnreachable: true };
    expect(shownData({ live: undefined, liveAt: 0, saved, ...unreachable })).toEqual({
      data: ['saved'],
      savedAt: 100,
    });
    expect(shownData({ live: ['live'], liveAt: 200, saved, ...unreachable })).toEqual({
      data: ['live'],
      savedAt: null,
    });
  });

  it('nothing while online and still loading, even with a saved copy', () => {
    expect(shownData({ live: undefined, liveAt: 0, saved, offline: false, error: null })).toEqual({
      data: undefined,
      savedAt: null,
    });
  });

  it('no load-failure toast over a copy shown under the banner; the failure itself when nothing is shown', () => {
    const shownSaved = shownData({ live: undefined, liveAt: 0, saved, offline: true, error: network });
    expect(failureToToast(shownSaved, network)).toBeNull();
    const nothingSaved = shownData({
      live: undefined,
      liveAt: 0,
      saved: null,
      offline: true,
      error: network,
    });
    expect(failureToToast(nothingSaved, network)).toBe(network);
    const refused = new ApiError(403, 'Forbidden', 'FORBIDDEN');
    const shownRefused = shownData({ live: undefined, liveAt: 0, saved, offline: false, error: refused });
    expect(failureToToast(shownRefused, refused)).toBe(refused);
  });
});

describe('the session check on a reload', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a quick answer (or refusal) is waited for; one that hangs is not', async () => {
    vi.useFakeTimers();
    expect(await settlesWithin(Promise.resolve('me'), 800)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('refused')), 800)).toBe(true);
    let done = false;
    const hanging = settlesWithin(new Promise(() => undefined), 800);
    void hanging.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(799);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hanging).toBe(false);
  });
});
