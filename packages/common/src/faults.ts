// Fault points, for tests that must show what a crash or a failed write at one exact step leaves behind.
// FAULT_POINTS (read once with the configuration) arms them: a comma-separated list of
// `<point>:<action>[@<hit>]`, where action `kill` ends the process at once (SIGKILL: no shutdown hooks,
// nothing flushed) and `fail` throws InjectedFault; `@<hit>` picks which passage through the point
// triggers it (default the first), and `fail` then keeps failing until `@<hit>+<n>` passages have
// failed (`fail@1+3`: the first three). Unset, a point costs one Map lookup.
import { logger } from './logger.ts';

export class InjectedFault extends Error {
  constructor(point: string) {
    super(`injected fault at ${point}`);
    this.name = 'InjectedFault';
  }
}

interface ArmedFault {
  action: 'kill' | 'fail';
  /** 1-based passage that first triggers. */
  from: number;
  /** How many passages trigger (kill only ever triggers once). */
  times: number;
  passages: number;
}

const armed = new Map<string, ArmedFault>();

const SPEC = /^([a-z0-9_.-]+):(kill|fail)(?:@(\d+)(?:\+(\d+))?)?$/;

/** Parses and arms FAULT_POINTS; throws on a malformed entry so that a typo never goes unnoticed. */
export function armFaults(spec: string | undefined): void {
  armed.clear();
  for (const part of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = SPEC.exec(part);
    if (!m) throw new Error(`FAULT_POINTS: "${part}" is not <point>:<kill|fail>[@<hit>[+<times>]]`);
    armed.set(m[1]!, { action: m[2] as 'kill' | 'fail', from: Number(m[3] ?? 1), times: Number(m[4] ?? 1), passages: 0 });
  }
  if (armed.size) logger.warn({ faults: [...armed.keys()] }, 'fault points armed (FAULT_POINTS): for tests only');
}

/** Passes through a fault point: kills the process or throws when the point is armed for this passage. */
export function faultPoint(point: string): void {
  const f = armed.get(point);
  if (!f) return;
  f.passages += 1;
  if (f.passages < f.from || f.passages >= f.from + f.times) return;
  if (f.action === 'kill') {
    process.stderr.write(`fault point ${point}: killing process ${process.pid}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  throw new InjectedFault(point);
}
