// GET /metrics on the REST port. Metrics name tenants and show queue depths, so the public port never
// serves them to anyone: each service has its own metrics port (METRICS_PORT, what Prometheus scrapes
// in the chart), and the REST port answers only callers that present METRICS_TOKEN. All-in-one, which
// has no other port, makes a token at start and prints it.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError } from '@modsvc/common/errors';
import { registry } from '@modsvc/common/metrics';
import { sendError } from './errors.ts';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function metricsRoute(token: string | undefined) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!token) {
      sendError(res, new ApiError('not_found', 'Metrics are not served on this port: scrape the service metrics port (METRICS_PORT), or set METRICS_TOKEN to serve them here.'));
      return;
    }
    if (!bearerMatches(req.get('authorization'), token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      sendError(res, new ApiError('unauthorized', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>".'));
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  };
}
