// Publishes the lag of this process's durable consumers as modsvc_consumer_pending (scraped by
// Prometheus; KEDA scales on the same JetStream figure).
import { consumerLag } from './bus/index.ts';
import type { Bus, Consumer } from './bus/types.ts';
import { consumerPending } from './metrics.ts';
import type { Logger } from './logger.ts';

const durables = new Set<string>();

/** Consumers call this when they start so their lag is reported. */
export function trackLag(durable: string): void {
  durables.add(durable);
}

export function startLagReporter(bus: Bus, log: Logger, everyMs = 15_000): Consumer {
  const tick = async () => {
    for (const d of durables) {
      try {
        const lag = await consumerLag(bus, d);
        if (lag !== null) consumerPending.set({ durable: d }, lag);
      } catch (err) {
        log.debug({ err, durable: d }, 'could not read consumer lag');
      }
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return { stop: async () => clearInterval(timer) };
}
