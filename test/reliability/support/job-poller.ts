// Polls many jobs to their final state through the public API, patient with a service that is
// restarting or rate-limiting, and bounded: whatever is still queued at the deadline is reported stuck.
import { ApiClient } from '../../helpers/api.ts';

export interface PolledJob {
  jobId: string;
  /** `/classify/<product>/<media>/<job_id>` */
  path: string;
}

export interface FinalState {
  status: 'done' | 'failed' | 'queued' | 'missing';
  msg: string | null;
  httpStatus: number;
}

/** Final states by job id; jobs still queued at the deadline come back as `queued`. */
export async function pollUntilFinal(client: ApiClient, jobs: readonly PolledJob[], timeoutMs: number): Promise<Map<string, FinalState>> {
  const deadline = Date.now() + timeoutMs;
  const final = new Map<string, FinalState>();
  let pending = [...jobs];
  while (pending.length > 0) {
    const still: PolledJob[] = [];
    for (const job of pending) {
      const r = await client.get(job.path).catch(() => null);
      if (r && r.status === 200 && (r.body.status === 'done' || r.body.status === 'failed')) {
        final.set(job.jobId, { status: r.body.status, msg: typeof r.body.msg === 'string' ? r.body.msg : null, httpStatus: 200 });
      } else if (r && r.status === 404) {
        final.set(job.jobId, { status: 'missing', msg: null, httpStatus: 404 });
      } else {
        // queued, or the service is restarting (connection refused, 503) or rate-limiting (429)
        still.push(job);
        if (r?.status === 429) await new Promise((res) => setTimeout(res, 1000));
      }
    }
    pending = still;
    if (pending.length === 0) break;
    if (Date.now() > deadline) {
      for (const job of pending) final.set(job.jobId, { status: 'queued', msg: null, httpStatus: 200 });
      break;
    }
    await new Promise((res) => setTimeout(res, 1000));
  }
  return final;
}
