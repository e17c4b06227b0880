// Resident memory of service processes, sampled from /proc/<pid>/status the way an operator's monitor would.
import fs from 'node:fs';

/** VmRSS and VmHWM (the kernel's own peak) of a process, in MB; null once it has exited. */
export function readRss(pid: number): { rssMb: number; peakMb: number } | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export interface RssSampler {
  /** Highest summed RSS seen across samples. */
  peakMb(): number;
  /** The kernel's high-water mark (VmHWM, since the process started) of the largest process. */
  highWaterMb(): number;
  samples(): { at: number; rssMb: number }[];
  stop(): void;
}

/** Samples the summed RSS of the processes `pids()` names, every `everyMs`. */
export function sampleRss(pids: () => number[], everyMs = 250): RssSampler {
  const samples: { at: number; rssMb: number }[] = [];
  let highWater = 0;
  const take = () => {
    let total = 0;
    for (const pid of pids()) {
      const r = readRss(pid);
      if (!r) continue;
      total += r.rssMb;
      highWater = Math.max(highWater, r.peakMb);
    }
    samples.push({ at: Date.now(), rssMb: total });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    peakMb: () => Math.max(...samples.map((s) => s.rssMb)),
    highWaterMb: () => highWater,
    samples: () => samples,
    stop: () => clearInterval(timer),
  };
}
