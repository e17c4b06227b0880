// How a process hosts service modules, written once for both run modes: settings parsed once, the
// module started on its runtime and peers, its scheduled work run by one scheduler, and one shutdown
// that stops taking work, lets in-flight messages finish (or hands them back to the bus), then exits.
import type { z } from 'zod';
import { parseSettings, type Environment } from './config.ts';
import type { Logger } from './logger.ts';
import { hasPipeline, type EdgeRuntime, type Runtime } from './runtime.ts';
import type { Peers, ScheduledTask, ServiceModule, StartedService } from './service-module.ts';
import { stopTracing } from './tracing.ts';

export type { EdgeRuntime, Runtime } from './runtime.ts';
export { createRuntime, createEdgeRuntime, closeRuntime, stageDeps, busIsDurable, hasPipeline } from './runtime.ts';

/** The schedule of a task as launched, for logs and for the test that both modes launch alike. */
export interface TaskSchedule {
  service: string;
  task: string;
  atStart: boolean;
  everyMs: number | null;
}

export interface Launched {
  module: ServiceModule;
  started: StartedService;
  schedule: TaskSchedule[];
  /** Runs the at-start tasks and arms the periodic ones; call once everything the process hosts is up. */
  startTasks(): Promise<void>;
  /** Stops the timers and the consumers (in-flight messages finish and are acked, or are redelivered), then the module's own clean-up. */
  stop(): Promise<void>;
}

export function moduleSettings(module: ServiceModule, env?: Environment): z.infer<ServiceModule['settingsSchema']> {
  return parseSettings(module.settingsSchema, env);
}

export async function launchModule(
  module: ServiceModule,
  rt: Runtime | EdgeRuntime,
  peers: Partial<Peers>,
  settings: z.infer<ServiceModule['settingsSchema']>,
): Promise<Launched> {
  const missing = module.needs.filter((n) => !peers[n]);
  if (missing.length) throw new Error(`${module.name} needs ${missing.join(', ')}, which this process does not provide`);
  if (module.kind === 'stage' && !hasPipeline(rt)) throw new Error(`${module.name} needs the bus and the job store`);
  const started = await module.start(rt as Runtime, peers as Peers, settings);
  const tasks = started.tasks ?? [];
  const timers: NodeJS.Timeout[] = [];
  const runTask = (task: ScheduledTask) =>
    task.run().catch((err: unknown) => rt.log.error({ err, service: module.name, task: task.name }, 'scheduled task failed'));
  return {
    module,
    started,
    schedule: tasks.map((t) => ({ service: module.name, task: t.name, atStart: t.atStart, everyMs: t.everyMs })),
    async startTasks() {
      for (const task of tasks) {
        if (task.everyMs !== null) {
          const timer = setInterval(() => void runTask(task), task.everyMs);
          timer.unref();
          timers.push(timer);
        }
      }
      await Promise.all(tasks.filter((t) => t.atStart).map(runTask));
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all((started.consumers ?? []).map((c) => c.stop()));
      await started.stop?.();
    },
  };
}

const FORCED_EXIT_MS = 30_000;

/**
 * Exits cleanly on SIGTERM/SIGINT after `shutdown` (forced after 30 s: unacked messages are then
 * redelivered to another replica), and logs stray promise rejections instead of dying with every
 * in-flight job of the process.
 */
export function handleProcessSignals(log: Logger, shutdown: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight work');
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting (unacked messages will be redelivered)');
      process.exit(1);
    }, FORCED_EXIT_MS);
    force.unref();
    shutdown()
      .then(stopTracing)
      .then(
        () => {
          log.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  logUnhandledRejections(log);
}

/** A stray rejected promise is a bug to log, not a reason to drop every in-flight job of the process. */
export function logUnhandledRejections(log: Logger): void {
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
}

/** Ends a failed start-up with one fatal JSON log line and a non-zero exit. */
export function exitOnStartupError(log: Logger, what: string, err: unknown, code = 1): never {
  log.fatal({ err: (err as Error).message }, what);
  process.exit(code);
}
