// The container images as a test runs them: which engine builds them here, `make images`' script for
// the targets a test needs, and a Launcher that starts a service from its image on the host network.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, type Launcher } from './processes.ts';

export type ImageEngine = 'docker' | 'buildah';

const quiet = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
};

/** docker where its daemon answers, else buildah where installed (make ensure-image-builder), else null. */
export function imageEngine(): ImageEngine | null {
  if (quiet('docker', ['info'])) return 'docker';
  if (quiet('buildah', ['--version'])) return 'buildah';
  return null;
}

/** The image `make images` builds a Dockerfile target as (scripts/images/build.sh --names: the chart's names). */
export function imageOf(target: 'service' | 'vision-cpu'): string {
  const names = execFileSync(path.join(REPO_ROOT, 'scripts/images/build.sh'), ['--names'], { encoding: 'utf8' });
  const line = names.split('\n').find((l) => l.startsWith(`${target} `));
  if (!line) throw new Error(`scripts/images/build.sh --names lists no ${target}`);
  return line.slice(target.length + 1);
}

/** Builds the targets with `make images`' script (layers cached), its report written to `results`. */
export async function buildImages(targets: string[], results: string): Promise<void> {
  await promisify(execFile)(path.join(REPO_ROOT, 'scripts/images/build.sh'), [], {
    cwd: REPO_ROOT,
    env: { ...process.env, IMAGES: targets.join(' '), IMAGES_RESULTS: results },
    maxBuffer: 64 << 20,
  });
}

/** Every process below `pid` (its children, theirs, ...). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent) {
      if (pp !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/** The node process a launcher started (below buildah or docker), once it runs. */
export function serviceProcessOf(pid: number): number | null {
  return descendants(pid).find((p) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0]?.endsWith('node')) ?? null;
}

export function uidOf(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

/**
 * Starts `node <script>` from `image` on the host network with only the service's variables, the
 * deployment's folder (tenants file, data) mounted at the same path. buildah stops its child with
 * SIGKILL when it is signalled itself, so a graceful stop signals the service's node process.
 */
export function containerLauncher(engine: ImageEngine, image: string, name: string, dir: string, containers: string[]): Launcher {
  const envFlags = (env: Record<string, string>, flag: string) => Object.entries(env).flatMap(([k, v]) => [flag, `${k}=${v}`]);
  if (engine === 'docker') {
    return {
      command: 'docker',
      args: (script, env) => ['run', '--rm', '--name', `modsvc-test-${name}-${process.pid}`, '--network', 'host', '-v', `${dir}:${dir}`, ...envFlags(env, '-e'), image, 'node', script],
    };
  }
  return {
    command: 'buildah',
    args: (script, env) => {
      const ctr = execFileSync('buildah', ['from', '--quiet', '--name', `modsvc-test-${name}-${process.pid}-${containers.length}`, image], { encoding: 'utf8' }).trim();
      containers.push(ctr);
      return ['run', '--isolation', 'chroot', '--network', 'host', '-v', `${dir}:${dir}`, ...envFlags(env, '--env'), ctr, '--', 'node', script];
    },
    stopTargets: (pid) => {
      const node = serviceProcessOf(pid);
      return node ? [node] : [];
    },
  };
}

/** Removes the working containers a buildah launcher made. */
export function removeContainers(containers: string[]): void {
  for (const c of containers.splice(0)) quiet('buildah', ['rm', c]);
}
