// Admission control: a new submit is refused with 503 while the unfinished jobs represent more than
// ADMISSION_MAX_BACKLOG_SECONDS of work at the pipeline's throughput, with a Retry-After of the
// seconds until the backlog falls under that limit. The counts come from the job store, which every
// ingest replica shares; they are sampled at most once per SAMPLE_MAX_AGE_MS while submits arrive
// (plus the submits this replica admitted since, so that a burst between two samples is counted), and
// by a task every few seconds while work is queued, so that the throughput estimate sees it drain.
import { ApiError } from '@modsvc/common/errors';
import type { Logger } from '@modsvc/common/logger';
import type { WorkCounts } from '@modsvc/common/store/idempotency-keys';
import { admissionBacklogJobs, admissionBacklogSeconds, admissionRefused, admissionThroughput } from '@modsvc/common/load-metrics';
import { ThroughputEstimator } from './throughput.ts';

/** Counts older than this are refreshed before a decision. */
const SAMPLE_MAX_AGE_MS = 1_000;
/** A Retry-After longer than this says little; callers come back at least hourly. */
const MAX_RETRY_AFTER_SECONDS = 3600;

export interface AdmissionDecision {
  admit: boolean;
  backlogSeconds: number;
  /** Seconds until the backlog falls under the limit at this throughput (at least 1); 0 when admitted. */
  retryAfterSeconds: number;
}

/** The rule itself: refuse while the backlog exceeds `maxBacklogSeconds` of work at `jobsPerSecond`. */
export function decideAdmission(backlogJobs: number, jobsPerSecond: number, maxBacklogSeconds: number): AdmissionDecision {
  const backlogSeconds = backlogJobs / jobsPerSecond;
  if (maxBacklogSeconds === 0 || backlogSeconds <= maxBacklogSeconds) return { admit: true, backlogSeconds, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(backlogSeconds - maxBacklogSeconds)));
  return { admit: false, backlogSeconds, retryAfterSeconds };
}

export interface AdmissionOptions {
  /** 0 turns admission control off. */
  maxBacklogSeconds: number;
  /** The cost of one job until a throughput has been measured. */
  defaultJobSeconds: number;
  countWork(since: Date): Promise<WorkCounts>;
  log: Logger;
  /** Clock in ms, for tests. */
  now?: () => number;
}

export class AdmissionControl {
  private readonly estimator = new ThroughputEstimator();
  private readonly now: () => number;
  private sampledAt: number | null = null;
  private queued = 0;
  /** Submits this replica admitted, ever; and how many of them the last sample may not have seen. */
  private admitted = 0;
  private admittedAtSample = 0;
  private sampling: Promise<void> | null = null;

  constructor(private readonly opts: AdmissionOptions) {
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.maxBacklogSeconds > 0;
  }

  /**
   * Throws ApiError 'unavailable' (503, with retryAfterSeconds) when the backlog is over the limit; else
   * counts the submit as queued work until the next sample (one that then fails to create a job is
   * over-counted until then, which errs towards refusing).
   */
  async admit(): Promise<void> {
    if (!this.enabled) return;
    if (this.sampledAt === null || this.now() - this.sampledAt >= SAMPLE_MAX_AGE_MS) {
      try {
        await this.sample();
      } catch (err) {
        // Without counts there is nothing to decide on; the store's own error, if it persists, surfaces when the job is created.
        this.opts.log.warn({ err }, 'admission control could not read the work counts; admitting');
        return;
      }
    }
    const backlogJobs = this.backlogJobs();
    const jobsPerSecond = this.jobsPerSecond();
    const d = decideAdmission(backlogJobs, jobsPerSecond, this.opts.maxBacklogSeconds);
    if (d.admit) {
      this.admitted += 1;
      return;
    }
    admissionRefused.inc();
    throw new ApiError(
      'unavailable',
      `Too much work is queued: ${backlogJobs} jobs, about ${Math.round(d.backlogSeconds)} s at ${jobsPerSecond.toFixed(2)} jobs/s, over the ${this.opts.maxBacklogSeconds} s this service accepts; retry in ${d.retryAfterSeconds} s.`,
      { retryAfterSeconds: d.retryAfterSeconds },
    );
  }

  /** The periodic task: samples while work is queued (the throughput is measured as it drains), skips when idle. */
  async sampleWhileBusy(): Promise<void> {
    if (!this.enabled || this.backlogJobs() === 0) return;
    await this.sample();
  }

  backlogJobs(): number {
    return this.queued + (this.admitted - this.admittedAtSample);
  }

  jobsPerSecond(): number {
    return this.estimator.jobsPerSecond() ?? 1 / this.opts.defaultJobSeconds;
  }

  private sample(): Promise<void> {
    this.sampling ??= this.takeSample().finally(() => (this.sampling = null));
    return this.sampling;
  }

  private async takeSample(): Promise<void> {
    const at = this.now();
    const admittedBefore = this.admitted;
    const counts = await this.opts.countWork(new Date(this.sampledAt ?? at));
    this.estimator.observe(at, counts.queued, counts.finished);
    this.sampledAt = at;
    this.queued = counts.queued;
    this.admittedAtSample = admittedBefore;
    const jobsPerSecond = this.jobsPerSecond();
    admissionBacklogJobs.set(counts.queued);
    admissionBacklogSeconds.set(counts.queued / jobsPerSecond);
    admissionThroughput.set(jobsPerSecond);
  }
}
