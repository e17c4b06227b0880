import pino from 'pino';

/** Structured JSON logs on stdout; one child per service (`service` field). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export type Logger = pino.Logger;

export function serviceLogger(service: string): Logger {
  return logger.child({ service });
}
