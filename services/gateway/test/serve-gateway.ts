// The gateway app served on 127.0.0.1 (any free port) for tests, with a fresh DATA_DIR: give the
// tenants, token issuer, logger and the peers the test talks to; peers left out answer "not used".
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@modsvc/common/config';
import { createGatewayApp, type GatewayDeps } from '../src/app.ts';

type Given = Pick<GatewayDeps, 'log' | 'tenants' | 'tokens'> &
  Partial<Omit<GatewayDeps, 'config' | 'log' | 'tenants' | 'tokens'>> & {
    /** Further configuration (environment variable names), beside the fresh DATA_DIR. */
    env?: Record<string, string>;
  };

export interface ServedGateway {
  /** http://127.0.0.1:<port> (the API is under /v1). */
  origin: string;
  close(): Promise<void>;
}

export async function serveGateway(given: Given): Promise<ServedGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const unused = () => Promise.reject(new Error('not used in this test'));
  const { env, ...rest } = given;
  const deps = {
    config: loadConfig({ DATA_DIR: dir, ...env }),
    ingest: { submitUpload: unused, submitUrl: unused, getJob: unused },
    moderator: { moderate: unused },
    models: { models: unused },
    deliveries: { deliveries: unused, redeliver: unused },
    banks: {},
    policies: {},
    ...rest,
  } as GatewayDeps;
  const server = http.createServer(createGatewayApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
