// https through safeFetch: the connection goes to the pinned (checked) address while certificate
// verification and SNI use the original host name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressError, EgressGuard, safeFetch, type Resolver } from '../src/egress.ts';

function haveOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const guard = new EgressGuard({ allowCidrs: ['127.0.0.0/8'] });
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

describe.skipIf(!haveOpenssl())('safeFetch over https', () => {
  let dir: string;
  let cert: Buffer;
  let server: https.Server;
  let port: number;
  const seen: { servername: string | false | null; host: string | undefined }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'egress-tls-'));
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
        '-subj', '/CN=pinned.test', '-addext', 'subjectAltName=DNS:pinned.test',
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'));
    server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
      seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host });
      res.end('secure hello');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects to the checked address with SNI and Host set to the original name', async () => {
    const res = await safeFetch(`https://pinned.test:${port}/x`, { guard, maxBytes: 1000, timeoutMs: 5000, resolve: toLoopback, ca: cert });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('secure hello');
    expect(seen.at(-1)).toEqual({ servername: 'pinned.test', host: `pinned.test:${port}` });
  });

  it('still verifies the certificate against the original name', async () => {
    let err: unknown;
    try {
      await safeFetch(`https://other.test:${port}/x`, { guard, maxBytes: 1000, timeoutMs: 5000, resolve: toLoopback, ca: cert });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EgressError);
    expect((err as EgressError).code).toBe('unreachable');
    expect((err as Error).message).toMatch(/TLS connection to other\.test:\d+ failed/);
  });

  it('refuses an untrusted certificate', async () => {
    let err: unknown;
    try {
      await safeFetch(`https://pinned.test:${port}/x`, { guard, maxBytes: 1000, timeoutMs: 5000, resolve: toLoopback });
    } catch (e) {
      err = e;
    }
    expect((err as EgressError).code).toBe('unreachable');
    expect((err as Error).message).toMatch(/TLS connection/);
  });
});
