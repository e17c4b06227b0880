// Short media gives at least one frame, and a header's claimed duration does not become the result's:
// a still GIF, a 0.3 s GIF and a 0.4 s MP4 on the video endpoint end done (frame-extractor falls back to
// the first frame), and MP4s whose headers claim 4 hours or the longest duration a header can hold
// report the 2 s they hold as processed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { FFMPEG } from '../../helpers/ffmpeg.ts';
import { claimingDuration } from '../corpus/mp4-boxes.ts';
import { makeSeeds } from '../corpus/seeds.ts';
import type { ReliabilityContext } from '../support/context.ts';
import type { CaseFigures } from '../support/figures.ts';
import { pollUntilFinal } from '../support/job-poller.ts';
import { submitWithRetries, type Upload } from '../support/submit.ts';

const run = promisify(execFile);

interface Metadata {
  width: number;
  height: number;
  duration: number;
  seconds_processed: number;
}

export async function mediaDurationsHold(ctx: ReliabilityContext, figures: Partial<CaseFigures>): Promise<void> {
  const seeds = await makeSeeds(ctx.dir);
  const shortMp4 = path.join(ctx.dir, 'short-0.4s.mp4');
  await run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '0.4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', shortMp4]);
  const cases: { name: string; file: Upload; check(m: Metadata): void }[] = [
    { name: 'still GIF', file: { data: seeds.gif, filename: 'still.gif', type: 'image/gif' }, check: (m) => expect(m).toMatchObject({ width: 64, height: 48 }) },
    {
      name: '0.3 s GIF',
      file: { data: seeds.animatedGif, filename: 'short.gif', type: 'image/gif' },
      check: (m) => {
        expect(m).toMatchObject({ width: 48, height: 36 });
        expect(m.seconds_processed).toBeGreaterThan(0);
        expect(m.seconds_processed).toBeLessThanOrEqual(0.35);
      },
    },
    {
      name: '0.4 s MP4',
      file: { data: fs.readFileSync(shortMp4), filename: 'short.mp4', type: 'video/mp4' },
      check: (m) => {
        expect(m).toMatchObject({ width: 160, height: 120 });
        expect(m.seconds_processed).toBeGreaterThan(0);
        expect(m.seconds_processed).toBeLessThanOrEqual(0.45);
      },
    },
    // 2 s of pictures at one frame a second: 2 s analysed, not the 180 s window a long claim implies.
    // (ffprobe sees through the 4-hour claim; the longest one leaves it without any duration.)
    { name: 'MP4 claiming 4 hours', file: { data: claimingDuration(seeds.mp4Faststart, 4 * 3600), filename: 'claims-4h.mp4', type: 'video/mp4' }, check: (m) => expect(m.seconds_processed).toBeLessThanOrEqual(2) },
    {
      name: 'MP4 claiming the longest duration',
      file: { data: claimingDuration(seeds.mp4Faststart, Number.MAX_SAFE_INTEGER), filename: 'claims-longest.mp4', type: 'video/mp4' },
      check: (m) => expect(m.seconds_processed).toBeLessThanOrEqual(2),
    },
  ];
  const hook = `/hooks/durations-${Date.now()}`;
  const jobs: { name: string; jobId: string; path: string; check(m: Metadata): void }[] = [];
  for (const c of cases) {
    const r = await submitWithRetries({ baseUrl: ctx.deployment.url, token: ctx.acme.token!, path: '/classify/items-characteristics/video', file: c.file, fields: { callback_url: `${ctx.receiver.url}${hook}` } }, 120_000);
    expect(r.status, `${c.name}: ${JSON.stringify(r.body)}`).toBe(200);
    const jobId = String(r.body.job_id);
    jobs.push({ name: c.name, jobId, path: `/classify/items-characteristics/video/${jobId}`, check: c.check });
  }
  figures.jobs_submitted = jobs.length;
  const final = await pollUntilFinal(ctx.acme, jobs, 300_000);
  figures.jobs_done = [...final.values()].filter((s) => s.status === 'done').length;
  for (const job of jobs) {
    expect(final.get(job.jobId), job.name).toMatchObject({ status: 'done' });
    const call = await ctx.receiver.waitFor((c) => c.url === hook && c.body.includes(job.jobId), 120_000);
    const metadata = (JSON.parse(call.body.toString('utf8')) as { data: { result: { metadata: Metadata } } }).data.result.metadata;
    job.check(metadata);
  }
}
