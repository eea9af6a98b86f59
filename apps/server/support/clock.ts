/**
 * The app's clock for a test (`useServer(engine, { now: clock.now })`, or `buildApp(config, { now })`): it stands
 * still until the test moves it. Whatever the app decides from its clock (who the waiting room lets in, when a
 * hold or a pass runs out, whether a one-second snapshot is stale, an undo window) then happens exactly when the
 * test says, however long the machine takes between two steps. A clock that follows the real one, even shifted,
 * lets a slow step move the line or expire a hold behind the test's back.
 *
 * It starts at the real time (so the tokens, cookies and dates the test makes itself agree with it) unless told.
 */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  /** Sets the time; never backwards (the app assumes its clock does not run back). */
  set(at: Date): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      if (ms < 0) throw new RangeError('a test clock only moves forwards');
      at += ms;
    },
    set(next: Date) {
      if (next.getTime() < at) throw new RangeError('a test clock only moves forwards');
      at = next.getTime();
    },
  };
}

export interface PausableClock extends TestClock {
  /** Stops the clock at its current reading until resume(). */
  pause(): void;
  /** Runs on from where it stopped (it does not jump to the real time). */
  resume(): void;
}

/**
 * A clock that runs with the real one except while the test holds it (`pause()` … `resume()`), for a browser
 * suite whose screens need time to pass (the browser's own clock runs) but where one stretch of steps must fall
 * in one window of the app's clock (a per-minute allowance spent by twenty steps, say), however slow the machine.
 */
export function pausableClock(): PausableClock {
  let offsetMs = 0;
  let pausedAt: number | undefined;
  const reading = () => pausedAt ?? Date.now() + offsetMs;
  return {
    now: () => new Date(reading()),
    advance(ms: number) {
      if (ms < 0) throw new RangeError('a test clock only moves forwards');
      offsetMs += ms;
      if (pausedAt !== undefined) pausedAt += ms;
    },
    set(next: Date) {
      if (next.getTime() < reading()) throw new RangeError('a test clock only moves forwards');
      this.advance(next.getTime() - reading());
    },
    pause() {
      pausedAt ??= reading();
    },
    resume() {
      if (pausedAt === undefined) return;
      offsetMs = pausedAt - Date.now();
      pausedAt = undefined;
    },
  };
}
