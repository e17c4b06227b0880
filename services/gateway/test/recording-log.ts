// A recording stand-in for the pino logger: what a test's code logged, by level.
import type { Logger } from '@modsvc/common/logger';

export function recordingLog(): { log: Logger; lines: { level: string; msg: string }[] } {
  const lines: { level: string; msg: string }[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, msg: String(args.find((a) => typeof a === 'string') ?? '') });
  const log = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), fatal: record('fatal') } as unknown as Logger;
  return { log, lines };
}
