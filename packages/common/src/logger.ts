import pino from 'pino';
import { environment } from './config.ts';

/**
 * Structured JSON logs on stdout; one child per service (`service` field). The level is read when the
 * first module loads (before any configuration is parsed) so that no early line escapes LOG_LEVEL.
 */
export const logger = pino({
  level: environment().LOG_LEVEL || 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export type Logger = pino.Logger;

export function serviceLogger(service: string): Logger {
  return logger.child({ service });
}
