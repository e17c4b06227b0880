// Case 2: bad and hostile files. Every file of the corpus goes to the image and/or video endpoint of a
// running deployment. Nothing may crash; every answer must be clear: a 4xx JSON error, or a job that
// ends done or failed with a message in the caller's words; never a 5xx, never a job left queued.
import { expect } from 'vitest';
import { buildCorpus, type HostileFile } from '../corpus/corpus.ts';
import { describeExpectation, meets, type Endpoint, type Outcome } from '../corpus/expectations.ts';
import { makeSeeds } from '../corpus/seeds.ts';
import type { ReliabilityContext } from '../support/context.ts';
import type { CaseFigures } from '../support/figures.ts';
import { pollUntilFinal } from '../support/job-poller.ts';
import { checkLiveness, servicePids } from '../support/liveness.ts';
import { sampleRss } from '../support/rss.ts';
import { submitWithRetries } from '../support/submit.ts';
import { jargonIn } from '../support/user-words.ts';

interface Submission {
  file: HostileFile;
  endpoint: Endpoint;
  status: number;
  body: Record<string, unknown>;
  jobPath: string | null;
}

/** Submits in a few parallel lanes (a client uploading a folder), in corpus order. */
async function submitAll(ctx: ReliabilityContext, plan: { file: HostileFile; endpoint: Endpoint }[], lanes: number): Promise<Submission[]> {
  const out: Submission[] = [];
  let next = 0;
  const lane = async () => {
    while (next < plan.length) {
      const { file, endpoint } = plan[next++]!;
      const path = `/classify/items-characteristics/${endpoint}`;
      const r = await submitWithRetries({ baseUrl: ctx.deployment.url, token: ctx.acme.token!, path, file: { data: file.data, filename: file.filename, type: file.declaredType } }, 120_000);
      out.push({ file, endpoint, status: r.status, body: r.body, jobPath: r.status === 200 ? `${path}/${String(r.body.job_id)}` : null });
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return out;
}

export async function badFilesAnswerClearly(ctx: ReliabilityContext, opts: { bothEndpoints: boolean }, figures: Partial<CaseFigures>): Promise<void> {
  const corpus = await buildCorpus(await makeSeeds(ctx.dir));
  const plan = corpus.flatMap((file) => (opts.bothEndpoints ? (['image', 'video'] as const) : file.quick).map((endpoint) => ({ file, endpoint })));
  figures.files = corpus.length;
  figures.requests = plan.length;
  const rss = sampleRss(() => servicePids(ctx.deployment));
  let submissions: Submission[];
  let final;
  try {
    submissions = await submitAll(ctx, plan, 4);
    const jobs = submissions.filter((s) => s.jobPath).map((s) => ({ jobId: String(s.body.job_id), path: s.jobPath! }));
    figures.jobs_submitted = jobs.length;
    final = await pollUntilFinal(ctx.acme, jobs, 600_000);
  } finally {
    rss.stop();
  }
  figures.peak_rss_mb = Math.round(rss.peakMb());

  const violations: string[] = [];
  const outcomes: Outcome[] = [];
  for (const s of submissions) {
    const where = `${s.file.name} → ${s.endpoint}`;
    let outcome: Outcome;
    if (s.status >= 500) {
      violations.push(`${where}: HTTP ${s.status} ${JSON.stringify(s.body)}`);
      outcome = { kind: 'refused', status: s.status };
    } else if (s.status !== 200) {
      if (typeof s.body.error !== 'string' || typeof s.body.message !== 'string' || !s.body.message) {
        violations.push(`${where}: HTTP ${s.status} without a JSON error and message: ${JSON.stringify(s.body)}`);
      }
      outcome = { kind: 'refused', status: s.status };
    } else {
      const state = final.get(String(s.body.job_id));
      if (!state || state.status === 'queued' || state.status === 'missing') {
        violations.push(`${where}: job ${String(s.body.job_id)} is ${state?.status ?? 'unknown'}`);
        outcome = { kind: 'stuck' };
      } else if (state.status === 'failed') {
        const why = jargonIn(state.msg ?? '');
        if (why) violations.push(`${where}: failed msg ${why}`);
        outcome = { kind: 'failed', msg: state.msg ?? '' };
      } else {
        outcome = { kind: 'done' };
      }
    }
    outcomes.push(outcome);
    const expected = s.file.expect[s.endpoint];
    if (expected && !meets(outcome, expected)) violations.push(`${where}: expected ${describeExpectation(expected)}, got ${JSON.stringify(outcome)}`);
  }
  const liveness = await checkLiveness(ctx.deployment);
  figures.refused_4xx = outcomes.filter((o) => o.kind === 'refused' && o.status < 500).length;
  figures.server_errors = outcomes.filter((o) => o.kind === 'refused' && o.status >= 500).length;
  figures.jobs_done = outcomes.filter((o) => o.kind === 'done').length;
  figures.jobs_failed = outcomes.filter((o) => o.kind === 'failed').length;
  figures.jobs_stuck = outcomes.filter((o) => o.kind === 'stuck').length;
  figures.crashes = liveness.exited.length;
  figures.unclear_answers = violations.length;

  expect(liveness, 'no service crashed or stopped being ready').toEqual({ exited: [], notReady: [] });
  expect(violations, `${violations.length} of ${submissions.length} answers were not clear`).toEqual([]);
  expect(corpus.length).toBeGreaterThanOrEqual(200);
}
