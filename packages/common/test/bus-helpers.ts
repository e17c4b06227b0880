// Test helpers: a NATS server for the JetStream suites (the one on NATS_URL / 127.0.0.1:4222 when it
// answers, else a private nats-server on a free port), unique names, and polling waits.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export interface NatsForTests {
  url: string;
  /** True when this process started the server (so it may restart it). */
  owned: boolean;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url.includes('://') ? url : `nats://${url}`);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 4222) };
}

function listening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean): void => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export function natsServerAvailable(): boolean {
  return fs.existsSync(NATS_SERVER_BIN);
}

/** Starts a private JetStream server (always), on a free port with its own store dir. */
export async function startNatsServer(): Promise<NatsForTests> {
  const port = await freePort();
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-nats-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const c = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
      stdio: 'ignore',
    });
    child = c;
    for (let i = 0; i < 100; i++) {
      if (c.exitCode !== null) throw new Error(`nats-server exited with ${c.exitCode}`);
      if (await listening('127.0.0.1', port, 200)) return;
      await sleep(50);
    }
    throw new Error('nats-server did not start');
  };
  const kill = async (): Promise<void> => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.pid === undefined) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    process.kill(c.pid, 'SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (c.exitCode === null && c.signalCode === null) {
      process.kill(c.pid, 'SIGKILL');
      await exited;
    }
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    owned: true,
    restart: async () => {
      await kill();
      await start();
    },
    stop: async () => {
      await kill();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** The configured/shared server when one answers, else a private one; null when nats-server is missing. */
export async function natsForTests(): Promise<NatsForTests | null> {
  const url = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  const { host, port } = hostPort(url);
  if (await listening(host, port)) {
    return {
      url,
      owned: false,
      restart: async () => {
        throw new Error('not restarting a server this test did not start');
      },
      stop: async () => undefined,
    };
  }
  if (!natsServerAvailable()) return null;
  return startNatsServer();
}

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A promise resolved once `n` calls to arrive() happened (or after timeoutMs, so a test fails instead of hanging). */
export function barrier(n: number, timeoutMs = 8000): { arrive(): void; wait: Promise<boolean> } {
  let count = 0;
  let release!: (ok: boolean) => void;
  const wait = new Promise<boolean>((resolve) => {
    release = resolve;
  });
  const t = setTimeout(() => release(false), timeoutMs);
  return {
    arrive: () => {
      count++;
      if (count >= n) {
        clearTimeout(t);
        release(true);
      }
    },
    wait,
  };
}
