// Driving a service on vitest's fake clock while its HTTP stays real: time only moves when nothing is
// in flight, so no request's own timeout fires early and every timer that comes due runs in order.
import { vi } from 'vitest';

/** Lets real I/O and promise chains run (setImmediate stays real under the fake timers used here). */
export async function letIoRun(turns = 50): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}

/** Polls `condition` on real event-loop turns (the fake clock does not move). */
export async function untilQuiet(condition: () => Promise<boolean>, what: string, turns = 5000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await condition()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Moves the fake clock to the next timer and runs it; false when no timer is pending. */
export async function nextTimer(): Promise<boolean> {
  if (vi.getTimerCount() === 0) return false;
  await vi.advanceTimersToNextTimerAsync();
  return true;
}
