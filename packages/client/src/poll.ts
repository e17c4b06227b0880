// Polls until an answer is final: exponential backoff between polls, and the service's Retry-After
// (on 202, 429 and 503) taking precedence over it, within a deadline and an AbortSignal.
import { RateLimitedError, UnavailableError, WaitTimeoutError } from './errors.ts';
import type { Answer } from './read-answer.ts';
import { sleep } from './sleep.ts';

export interface WaitOptions {
  /** Give up after this long (default 5 min) with a WaitTimeoutError. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** First pause between polls (default 250 ms), doubled after each poll up to `maxIntervalMs` (default 5 s). */
  initialIntervalMs?: number;
  maxIntervalMs?: number;
}

export interface PollStep<T> {
  /** One poll: throws the client's typed errors for refusals. */
  poll(signal?: AbortSignal): Promise<Answer>;
  /** The final result, or null while the job is unfinished. */
  final(answer: Answer): T | null;
}

export interface PollClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: PollClock = { now: () => Date.now(), sleep };

export async function pollUntilFinal<T>(target: string, step: PollStep<T>, options: WaitOptions = {}, clock: PollClock = realClock): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const maxInterval = options.maxIntervalMs ?? 5_000;
  const deadline = clock.now() + timeoutMs;
  let interval = options.initialIntervalMs ?? 250;
  for (;;) {
    options.signal?.throwIfAborted();
    let retryAfterSeconds: number | null;
    // The deadline also bounds a poll that hangs (a stalled connection), not only the pauses between polls.
    const deadlineReached = new AbortController();
    const timer = setTimeout(() => deadlineReached.abort(new WaitTimeoutError(target, timeoutMs)), Math.max(0, deadline - clock.now()));
    const signal = options.signal ? AbortSignal.any([options.signal, deadlineReached.signal]) : deadlineReached.signal;
    try {
      const answer = await step.poll(signal);
      const result = step.final(answer);
      if (result !== null) return result;
      retryAfterSeconds = answer.retryAfterSeconds;
    } catch (err) {
      if (deadlineReached.signal.aborted && !options.signal?.aborted) throw deadlineReached.signal.reason;
      // Throttling and backpressure are temporary: wait as told and poll again.
      if (!(err instanceof RateLimitedError || err instanceof UnavailableError)) throw err;
      retryAfterSeconds = err.retryAfterSeconds;
    } finally {
      clearTimeout(timer);
    }
    const left = deadline - clock.now();
    if (left <= 0) throw new WaitTimeoutError(target, timeoutMs);
    if (retryAfterSeconds !== null) {
      // Polling sooner than told would only be refused again; past the deadline there is no point waiting.
      if (retryAfterSeconds * 1000 > left) throw new WaitTimeoutError(target, timeoutMs);
      await clock.sleep(retryAfterSeconds * 1000, options.signal);
    } else {
      await clock.sleep(Math.min(interval, left), options.signal);
    }
    interval = Math.min(interval * 2, maxInterval);
  }
}
