// What the benchmarks share: rounding and percentiles of timings, memory after garbage collection, the
// machine a run was made on, and the seeded draws (common's mulberry32) that make runs repeatable.
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

export { mulberry32 as seededRandom } from '../packages/common/src/seeded-random.ts';

export const round = (x: number, digits = 3) => +x.toFixed(digits);

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Heap + external bytes once garbage is collected (twice, letting freed buffers' memory go back in between). */
export async function memory(): Promise<number> {
  for (let i = 0; i < 2; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** The date, Node, CPU, load before and after, and niceness a result was measured with. */
export function machine(loadBefore: number) {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`,
    loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0]!, 2) },
    niceness: os.getPriority(),
  };
}
