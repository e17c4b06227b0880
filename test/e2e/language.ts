// Language end to end: a toxic caption and a spoken threat come back with high scores in the right
// fields; benign ones low.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makeSpeechMp4, hasFlite } from '../helpers/media.ts';
import type { ContractContext } from './pipeline-contract.ts';

type Scores = Record<string, number | null>;

export function describeLanguageEndToEnd(ctx: () => ContractContext): void {
  describe('language: captions and speech', () => {
    it('scores a toxic caption high and a benign one low in caption_language_toxicity', async () => {
      const c = ctx();
      const jpeg = await makeJpeg();
      const run = async (caption: string) => {
        const r = await c.acme.submitFile('/classify/items-characteristics/image', { data: jpeg, filename: 'c.jpg', type: 'image/jpeg' }, { caption });
        const done = await c.acme.waitForJob(`/classify/items-characteristics/image/${r.body.job_id as string}`);
        expect(done.body.status).toBe('done');
        return (done.body.results as { caption_language_toxicity: Scores }).caption_language_toxicity;
      };
      const toxic = await run('You are a worthless idiot and I will kill you');
      const benign = await run('What a lovely sunny afternoon at the beach with my family');
      expect(toxic.toxicity).toBeGreaterThan(0.8);
      expect(benign.toxicity).toBeLessThan(0.3);
      expect(toxic.toxicity! - benign.toxicity!).toBeGreaterThan(0.5);
    });

    it.skipIf(!hasFlite())(
      "transcribes a video's speech: a spoken threat scores high on threat (and raises the violence policy), benign speech low",
      async () => {
        const c = ctx();
        const threat = await makeSpeechMp4(c.dir, 'threat', 'I am going to kill you. I will find you and I will hurt you.');
        const benign = await makeSpeechMp4(c.dir, 'benign', 'The weather is lovely today. Let us go for a walk in the park.');
        const items = async (file: string) => {
          const r = await c.acme.submitFile('/classify/items-characteristics/video', { data: fs.readFileSync(file), filename: 'speech.mp4', type: 'video/mp4' });
          const done = await c.acme.waitForJob(`/classify/items-characteristics/video/${r.body.job_id as string}`, 180_000);
          expect(done.body.status, JSON.stringify(done.body)).toBe('done');
          return (done.body.results as { speech: { transcript: string; scores: Scores; top_span: { text: string } | null; segments: unknown[]; error: string | null } }).speech;
        };
        const t = await items(threat);
        expect(t.error).toBeNull();
        expect(t.transcript).toMatch(/kill/);
        expect(t.segments.length).toBeGreaterThan(0);
        // A probability is read against the label's own operating points (toxicity 3.0.0: calibrated to a
        // realistic threat prior, so a plain threat sits far below 0.5 and far above its MEDIUM point).
        const models = (await c.acme.get('/models')).body as { models: { languages?: { language: string; operatingPoints?: { signal: string; points: { MEDIUM: number } }[] }[] }[] };
        const en = models.models.flatMap((m) => m.languages ?? []).find((l) => l.language === 'en')!;
        const threatMedium = en.operatingPoints!.find((o) => o.signal === 'threat')!.points.MEDIUM;
        expect(t.scores.threat).toBeGreaterThanOrEqual(threatMedium);
        expect(t.top_span?.text).toMatch(/kill|hurt/);
        const b = await items(benign);
        expect(b.transcript).toMatch(/weather|walk|park/);
        expect(b.scores.threat).toBeLessThan(threatMedium);
        expect(b.scores.toxicity).toBeLessThan(0.5);

        const r = await c.acme.submitFile('/classify/policy/video', { data: fs.readFileSync(threat), filename: 'threat.mp4', type: 'video/mp4' });
        const done = await c.acme.waitForJob(`/classify/policy/video/${r.body.job_id as string}`, 180_000);
        const violence = (done.body.results as { policy_categories: { name: string; score: number; triggered_by: string }[] }).policy_categories.find((x) => x.name === 'DEATH_INJURY_MILITARY')!;
        expect(violence.triggered_by).toBe('speech:threat');
        expect(violence.score).toBeGreaterThan(0.45);
      },
      400_000,
    );
  });
}
