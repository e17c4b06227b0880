// The pipeline's throughput, estimated from periodic samples of the job store: how many jobs are
// unfinished, and how many finished since the sample before. Only intervals in which work was waiting
// the whole time measure capacity (when the pipeline runs dry, fewer finishes mean less demand, not
// less capacity), so only those feed the estimate: an exponentially weighted mean over about a minute
// of busy time. An interval counts as busy when more jobs were unfinished at its start than finished
// during it. Busy intervals without a finish (one long video) accumulate until one finishes, and a
// single job that runs alone and finishes measures nothing, so a slow job never drags the estimate to 0.

/** Busy time gathered before it becomes one measurement. */
const MIN_WINDOW_MS = 5_000;
/** Time constant of the weighting: a measurement over this much busy time weighs 63 %. */
const TAU_MS = 60_000;

export class ThroughputEstimator {
  private previous: { atMs: number; queued: number } | null = null;
  private busyMs = 0;
  private busyFinished = 0;
  private estimate: number | null = null;

  /** Feeds one sample: the time, the unfinished jobs, and the jobs finished since the previous sample. */
  observe(atMs: number, queued: number, finishedSincePrevious: number): void {
    const previous = this.previous;
    this.previous = { atMs, queued };
    if (!previous || atMs <= previous.atMs) return;
    if (previous.queued > finishedSincePrevious) {
      this.busyMs += atMs - previous.atMs;
      this.busyFinished += finishedSincePrevious;
      if (this.busyFinished > 0 && this.busyMs >= MIN_WINDOW_MS) this.flush();
    } else {
      if (this.busyFinished > 0) this.flush();
      this.busyMs = 0;
      this.busyFinished = 0;
    }
  }

  /** Jobs per second while busy; null until a busy interval has seen a job finish. */
  jobsPerSecond(): number | null {
    return this.estimate;
  }

  private flush(): void {
    const rate = this.busyFinished / (this.busyMs / 1000);
    const weight = 1 - Math.exp(-this.busyMs / TAU_MS);
    this.estimate = this.estimate === null ? rate : this.estimate + weight * (rate - this.estimate);
    this.busyMs = 0;
    this.busyFinished = 0;
  }
}
