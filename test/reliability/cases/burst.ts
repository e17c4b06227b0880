// Case 5: a burst of submits against all-in-one. Memory stays bounded (RSS sampled from /proc while the
// burst lands and the accepted jobs drain), every job accepted finishes, and nothing but 200 or an
// explicit 503 (Retry-After, JSON error) comes back. With a low ADMISSION_MAX_BACKLOG_SECONDS the service
// must push back; with admission control off it must take the whole burst and still stay bounded.
import { expect } from 'vitest';
import { makeJpeg } from '../../helpers/media.ts';
import type { ReliabilityContext } from '../support/context.ts';
import type { CaseFigures } from '../support/figures.ts';
import { pollUntilFinal } from '../support/job-poller.ts';
import { checkLiveness, servicePids } from '../support/liveness.ts';
import { readRss, sampleRss } from '../support/rss.ts';

export interface BurstPlan {
  submits: number;
  /** Requests in flight at once ("as fast as possible" from one client). */
  concurrency: number;
  /** Largest growth of the process's RSS over its level before the burst. */
  maxGrowthMb: number;
  /** How long the accepted jobs may take to finish. */
  drainMs: number;
  /** Whether the deployment's admission limit is low enough that the burst must meet 503s. */
  expectBackpressure: boolean;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function submitOnce(ctx: ReliabilityContext, image: Buffer, i: number): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `burst-${i}.jpg`);
  const res = await fetch(`${ctx.deployment.url}/v1/classify/items-characteristics/image`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${ctx.acme.token!}` }, signal: AbortSignal.timeout(120_000) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

export async function burstStaysBounded(ctx: ReliabilityContext, plan: BurstPlan, figures: Partial<CaseFigures>): Promise<void> {
  const [pid] = servicePids(ctx.deployment);
  if (pid === undefined) throw new Error('all-in-one is not running');
  const image = await makeJpeg(160, 120, { r: 90, g: 140, b: 60 });
  const before = readRss(pid)!.rssMb;
  const rss = sampleRss(() => [pid], 200);
  const answers: Answer[] = [];
  const started = Date.now();
  let next = 0;
  try {
    const lane = async () => {
      while (next < plan.submits) {
        const i = next++;
        answers.push(await submitOnce(ctx, image, i).catch((err: unknown) => ({ status: 0, retryAfter: null, body: { error: String(err) } })));
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, lane));
    figures.burst_s = Math.round((Date.now() - started) / 100) / 10;
    const accepted = answers.filter((a) => a.status === 200).map((a) => String(a.body.job_id));
    const final = await pollUntilFinal(
      ctx.acme,
      accepted.map((jobId) => ({ jobId, path: `/classify/items-characteristics/image/${jobId}` })),
      plan.drainMs,
    );
    figures.jobs_submitted = accepted.length;
    figures.jobs_done = [...final.values()].filter((s) => s.status === 'done').length;
    figures.jobs_lost = accepted.length - (figures.jobs_done ?? 0);
  } finally {
    rss.stop();
  }
  const refused = answers.filter((a) => a.status === 503);
  const otherwise = answers.filter((a) => a.status !== 200 && a.status !== 503);
  figures.submits = answers.length;
  figures.refusals = refused.length;
  figures.rss_before_mb = Math.round(before);
  figures.peak_rss_mb = Math.round(rss.peakMb());
  figures.rss_growth_mb = Math.round(rss.peakMb() - before);
  const liveness = await checkLiveness(ctx.deployment);
  figures.crashes = liveness.exited.length;

  expect(otherwise.map((a) => `${a.status} ${JSON.stringify(a.body)}`), 'every submit is accepted or refused with 503').toEqual([]);
  if (plan.expectBackpressure) expect(refused.length, 'the backlog limit pushed back').toBeGreaterThan(0);
  else expect(refused.length, 'with admission control off every submit is taken').toBe(0);
  for (const a of refused) {
    expect(Number(a.retryAfter), `Retry-After on a 503: ${JSON.stringify(a)}`).toBeGreaterThan(0);
    expect(a.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  }
  expect(figures.jobs_lost, 'every accepted job finishes').toBe(0);
  expect(figures.rss_growth_mb, `RSS grew from ${figures.rss_before_mb} MB to ${figures.peak_rss_mb} MB`).toBeLessThanOrEqual(plan.maxGrowthMb);
  expect(liveness).toEqual({ exited: [], notReady: [] });
}
