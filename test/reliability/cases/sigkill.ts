// Case 1: SIGKILL under load. A steady stream of jobs with callbacks; each victim service (or the whole
// all-in-one process) is SIGKILLed while jobs are in flight and started again. Every job must end done,
// and a receiver de-duplicating on webhook-id (or job id) must see each job's webhook exactly once.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { ReliabilityContext } from '../support/context.ts';
import type { CaseFigures } from '../support/figures.ts';
import { checkLiveness } from '../support/liveness.ts';
import { pollUntilFinal, type PolledJob } from '../support/job-poller.ts';
import { submitWithRetries } from '../support/submit.ts';
import { summarizeWebhooks } from '../support/webhook-ledger.ts';
import { loadMix } from './load-mix.ts';

export interface KillPlan {
  jobs: number;
  /** Services to SIGKILL in turn (`all-in-one` for the single process). */
  victims: readonly string[];
  /** Pause between two submissions. */
  submitIntervalMs: number;
  /** How long the jobs may take to finish after the last restart. */
  settleMs: number;
}

interface KillRecord {
  victim: string;
  inFlight: number;
  restartSeconds: number;
}

export async function sigkillUnderLoad(ctx: ReliabilityContext, plan: KillPlan, figures: Partial<CaseFigures>): Promise<void> {
  const { deployment, receiver } = ctx;
  const run = crypto.randomBytes(4).toString('hex');
  const hookPath = `/hooks/sigkill-${run}`;
  const items = await loadMix(ctx.dir, plan.jobs);
  const submitted: PolledJob[] = [];
  const webhooked = () => new Set(summarizeWebhooks(receiver.calls.filter((c) => c.url.startsWith(hookPath))).keysPerJob.keys());
  let refusals = 0;
  let ambiguous = 0;
  let unanswered = 0;

  const stream = (async () => {
    for (const [i, item] of items.entries()) {
      const fields: Record<string, string> = { callback_url: `${receiver.url}${hookPath}?i=${i}` };
      if (item.caption) fields.caption = item.caption;
      const r = await submitWithRetries({ baseUrl: deployment.url, token: ctx.acme.token!, path: item.path, file: item.file, fields, idempotencyKey: `sigkill-${run}-${i}` }, 300_000);
      refusals += r.refusals;
      ambiguous += r.ambiguous;
      unanswered += r.unanswered;
      expect(r.status, `submission ${i}: ${JSON.stringify(r.body)}`).toBe(200);
      const jobId = String(r.body.job_id);
      submitted.push({ jobId, path: `${item.path}/${jobId}` });
      await new Promise((res) => setTimeout(res, plan.submitIntervalMs));
    }
  })();

  const kills: KillRecord[] = [];
  const killer = (async () => {
    for (const [k, victim] of plan.victims.entries()) {
      const threshold = Math.max(1, Math.floor(((k + 1) * plan.jobs) / (plan.victims.length + 1)));
      while (submitted.length < threshold) await new Promise((res) => setTimeout(res, 100));
      const service = deployment.services.get(victim);
      if (!service) throw new Error(`no service ${victim}`);
      // Kill with work in the pipeline: if everything submitted has finished, wait for the next submit.
      let inFlight = 0;
      for (let seen = submitted.length; ; seen = submitted.length) {
        const done = webhooked();
        inFlight = submitted.filter((j) => !done.has(j.jobId)).length;
        if (inFlight > 0 || seen >= plan.jobs) break;
        while (submitted.length === seen) await new Promise((res) => setTimeout(res, 20));
      }
      await service.kill();
      await new Promise((res) => setTimeout(res, 500));
      const restartStarted = Date.now();
      await service.start(180_000);
      kills.push({ victim, inFlight, restartSeconds: Math.round((Date.now() - restartStarted) / 100) / 10 });
    }
  })();

  // Wait for both even when one fails, so no restart happens after the case (and afterAll) ends.
  const settled = await Promise.allSettled([stream, killer]);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  figures.jobs_submitted = submitted.length;
  figures.kills = kills.length;
  figures.refusals = refusals;
  figures.unanswered_submits = unanswered;
  figures.min_in_flight_at_kill = Math.min(...kills.map((k) => k.inFlight));
  figures.slowest_restart_s = Math.max(...kills.map((k) => k.restartSeconds));

  const final = await pollUntilFinal(ctx.acme, submitted, plan.settleMs);
  const states = [...final.values()];
  figures.jobs_done = states.filter((s) => s.status === 'done').length;
  figures.jobs_failed = states.filter((s) => s.status === 'failed').length;
  figures.jobs_lost = plan.jobs - (figures.jobs_done ?? 0);

  // Webhooks can trail the job status by a retry; wait (bounded) until every job has one.
  const deadline = Date.now() + 120_000;
  while (submitted.some((j) => !webhooked().has(j.jobId)) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 500));
  const ledger = summarizeWebhooks(receiver.calls.filter((c) => c.url.startsWith(hookPath)));
  const ours = new Set(submitted.map((j) => j.jobId));
  const orphans = [...ledger.keysPerJob.keys()].filter((id) => !ours.has(id));
  figures.webhook_calls = ledger.calls;
  figures.duplicates = ledger.redeliveries;
  figures.webhooks_keyed_by = ledger.keyedBy;
  figures.orphan_jobs = orphans.length;
  const liveness = await checkLiveness(deployment);
  figures.crashes = liveness.exited.length;

  const notDone = submitted.filter((j) => final.get(j.jobId)?.status !== 'done').map((j) => `${j.jobId}: ${JSON.stringify(final.get(j.jobId))}`);
  expect(notDone, 'every job ends done').toEqual([]);
  expect(submitted).toHaveLength(plan.jobs);
  expect(kills.map((k) => k.victim)).toEqual([...plan.victims]);
  // Every kill hit a pipeline with work in it.
  expect(figures.min_in_flight_at_kill).toBeGreaterThan(0);
  const missing = submitted.filter((j) => !ledger.keysPerJob.has(j.jobId)).map((j) => j.jobId);
  expect(missing, 'a webhook for every job').toEqual([]);
  const splitKeys = [...ledger.keysPerJob].filter(([id, keys]) => ours.has(id) && keys.size !== 1).map(([id, keys]) => `${id}: ${[...keys].join(', ')}`);
  expect(splitKeys, 'one webhook-id per job: a de-duplicating receiver processes each job once').toEqual([]);
  expect(ledger.keyedBy, 'webhook-id on every call or on none').not.toBe('mixed');
  expect([...ours].filter((id) => ledger.errorsByJob.get(id) === true), 'no job webhook reports an error').toEqual([]);
  // A submit whose answer was lost to a kill is retried with the same Idempotency-Key, so the service
  // answers it with the job it already created: no job exists that the caller never heard of.
  figures.ambiguous_submits = ambiguous;
  expect(orphans, 'webhooks for jobs the caller was never given (a retried submit created a second job)').toEqual([]);
  expect(liveness, 'every service running and ready after the kills').toEqual({ exited: [], notReady: [] });
}
