// Single-process ownership of a data directory: a LOCK file naming the owner's pid and host. A lock
// left by a process that is gone (or by an earlier run that had this process's pid, as PID 1 in
// containers does) is taken over; a live owner on this host is refused.
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { serviceLogger } from '../../logger.ts';

const log = serviceLogger('embedded-store');

interface LockInfo {
  pid: number;
  host: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock at `lockPath` for this process, or throws when another live process holds it. */
export async function takeDirLock(lockPath: string, dir: string): Promise<void> {
  const mine: LockInfo = { pid: process.pid, host: hostname() };
  try {
    await writeFile(lockPath, JSON.stringify(mine), { flag: 'wx' });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  let held: Partial<LockInfo> = {};
  try {
    held = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockInfo>;
  } catch {
    // unreadable or half-written lock: treat as stale
  }
  // Our own pid cannot hold it (the caller opens a directory once per process), so a lock naming it is
  // left from an earlier run that had the same pid.
  if (held.host === mine.host && typeof held.pid === 'number' && held.pid !== process.pid && processAlive(held.pid)) {
    throw new Error(`store ${dir} is in use by process ${held.pid}; the embedded store serves one process (use MongoDB to run several)`);
  }
  log.warn({ dir, held }, 'taking over a stale store lock');
  await writeFile(lockPath, JSON.stringify(mine));
}

export async function releaseDirLock(lockPath: string): Promise<void> {
  await unlink(lockPath).catch(() => undefined);
}
