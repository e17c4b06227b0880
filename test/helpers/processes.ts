// Starts the service the way operators do: `node services/<name>/index.js` with environment variables.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Ports handed to test services come from below the kernel's ephemeral range (32768-60999 here), so a
 * socket bound to port 0 anywhere (other tests, their clients) can never take one between our check and
 * the service's bind; each vitest worker has its own slice, so parallel test files never pick the same.
 */
const PORT_BASE = 20_000;
const PORT_SLICE = 1_500;
const PORT_SLICES = 8;
const slice = (Number(process.env.VITEST_POOL_ID ?? process.pid) % PORT_SLICES) * PORT_SLICE;
let nextPort = 0;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_SLICE; tries++) {
    const port = PORT_BASE + slice + (nextPort++ % PORT_SLICE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${PORT_BASE + slice}-${PORT_BASE + slice + PORT_SLICE - 1}`);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

/**
 * How a service is started when not as `node <script>` on this machine (a container image's entry):
 * the command line, and the processes a graceful stop signals (default: the one spawned).
 */
export interface Launcher {
  command: string;
  /** The service's variables go in through the arguments: a container does not inherit the host's. */
  args(script: string, env: Record<string, string>): string[];
  stopTargets?(pid: number): number[];
}

export class ServiceProcess {
  proc: ChildProcess | null = null;
  /** The latest output (older output is dropped past 2 MB; positions are kept absolute, see mark()). */
  private output = '';
  private dropped = 0;
  private exitPromise: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly script: string,
    readonly env: Record<string, string>,
    readonly readyUrl: string,
    readonly logFile: string,
    readonly launcher: Launcher | null = null,
  ) {}

  async start(timeoutMs = 120_000): Promise<void> {
    const l = this.launcher;
    const proc = spawn(l ? l.command : process.execPath, l ? l.args(this.script, this.env) : [this.script], {
      cwd: REPO_ROOT,
      env: l ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    const log = fs.createWriteStream(this.logFile, { flags: 'a' });
    const onData = (d: Buffer) => {
      this.output += d.toString();
      if (this.output.length > 2_000_000) {
        this.dropped += this.output.length - 1_000_000;
        this.output = this.output.slice(-1_000_000);
      }
      log.write(d);
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    this.exitPromise = new Promise((resolve) => proc.once('exit', () => (log.end(), resolve())));
    let exited = false;
    void this.exitPromise.then(() => (exited = true));
    await waitFor(
      async () => {
        if (exited) throw new Error('exited');
        return httpOk(this.readyUrl);
      },
      timeoutMs,
      `${this.name} to become ready (log: ${this.logFile})`,
    ).catch((err) => {
      if (exited) throw new Error(`${this.name} exited during start-up:\n${this.output.slice(-3000)}`);
      throw err;
    });
  }

  /** A position in the output that stays valid when old output is dropped. */
  mark(): number {
    return this.dropped + this.output.length;
  }

  /** The output printed since `mark` (all that is kept when no mark is given). */
  outputSince(mark = 0): string {
    return this.output.slice(Math.max(0, mark - this.dropped));
  }

  /** Resolves when a log line printed since `from` (a mark) matches. */
  async waitForLog(pattern: RegExp, timeoutMs = 60_000, from = 0): Promise<void> {
    await waitFor(async () => pattern.test(this.outputSince(from)), timeoutMs, `${this.name} log ${pattern}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.proc || this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const targets = this.launcher?.stopTargets && this.proc.pid ? this.launcher.stopTargets(this.proc.pid) : [];
    if (targets.length) for (const pid of targets) process.kill(pid, signal);
    else this.proc.kill(signal);
    await this.exitPromise;
  }

  /** Resolves when the process has exited (at once when it is not running); the signal that ended it, if any. */
  async exited(): Promise<NodeJS.Signals | null> {
    await this.exitPromise;
    return this.proc?.signalCode ?? null;
  }

  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `modsvc-${prefix}-`));
}

/** A NATS server with JetStream of the test's own (isolated store, free port). */
export async function startNats(): Promise<{ url: string; stop(): Promise<void> }> {
  const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
  if (!fs.existsSync(binary)) throw new Error(`nats-server not found at ${binary}; install Debian's nats-server`);
  const port = await freePort();
  const dir = tempDir('nats');
  const proc = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
        s.on('error', () => resolve(false));
      }),
    15_000,
    'nats-server',
  );
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
