// Known-content matching end to end: a tenant banks an image; a modified copy submitted for policy
// classification comes back (and in its signed webhook) with the match and the bank's category at the
// bank's risk level; a video showing the image for two seconds matches at that frame; hashing, CSV
// export and import, and tenant isolation of banks.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { verifySignature, SIGNATURE_HEADER } from '@modsvc/common/webhook-signature';
import { FFMPEG } from '../helpers/ffmpeg.ts';
import type { ContractContext } from './pipeline-contract.ts';

const run = promisify(execFile);

/** A detailed picture (shapes and text on a gradient): its PDQ quality is well above the floor. */
async function scene(seed: number, width = 640, height = 480): Promise<Buffer> {
  const shapes = Array.from({ length: 24 }, (_, i) => {
    const x = (seed * 97 + i * 53) % width;
    const y = (seed * 61 + i * 89) % height;
    const r = 12 + ((seed + i * 7) % 40);
    const hue = (seed * 37 + i * 29) % 360;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${hue},70%,50%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${seed * 50},60%,80%)"/><stop offset="1" stop-color="hsl(${seed * 50 + 120},60%,20%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <text x="40" y="${height / 2}" font-size="64" font-family="sans-serif" fill="#111">case ${seed}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Resized, mirrored, slightly cropped (1% a side: PDQ is not made to survive larger crops) and re-compressed, as copies travel. */
async function modifiedCopy(image: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const crop = { left: Math.round(width! * 0.01), top: Math.round(height! * 0.01), width: Math.round(width! * 0.98), height: Math.round(height! * 0.98) };
  return sharp(image).extract(crop).flop().resize(Math.round(width! * 0.7)).jpeg({ quality: 55 }).toBuffer();
}

export function describeBanksEndToEnd(ctx: () => ContractContext): void {
  describe('known content: hash banks', () => {
    it('a modified copy of a banked image matches in the policy result and its signed webhook, at the bank\'s category and risk', async () => {
      const c = ctx();
      const original = await scene(1);
      const bank = await c.acme.postJson('/banks', { name: 'takedowns', category: 'KNOWN_HARMFUL', risk_level: 'HIGH' });
      expect(bank.status).toBe(201);
      expect(bank.body).toMatchObject({ name: 'takedowns', threshold: 31, enabled_ratio: 1, content_count: 0 });
      const bankId = bank.body.bank_id as string;
      const added = await c.acme.submitFile(`/banks/${bankId}/content`, { data: original, filename: 'banked.png', type: 'image/png' }, { note: 'case 1' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ bank_id: bankId, note: 'case 1' });
      expect(added.body.quality as number).toBeGreaterThanOrEqual(50);

      const submit = await c.acme.submitFile('/classify/policy/image', { data: await modifiedCopy(original), filename: 'copy.jpg', type: 'image/jpeg' }, { callback_url: `${c.receiver.url}/hooks/banks` });
      expect(submit.status).toBe(200);
      const jobId = submit.body.job_id as string;
      const done = await c.acme.waitForJob(`/classify/policy/image/${jobId}`, 120_000);
      expect(done.body.status, JSON.stringify(done.body)).toBe('done');
      const results = done.body.results as { matches: Record<string, unknown>[]; policy_categories: Record<string, unknown>[]; hashes: unknown[] };
      expect(results.hashes).toHaveLength(1);
      expect(results.matches).toHaveLength(1);
      expect(results.matches[0]).toMatchObject({ bank_id: bankId, bank_name: 'takedowns', content_id: added.body.content_id, frame_timestamp: 0 });
      expect(results.matches[0]!.distance as number).toBeLessThanOrEqual(31);
      expect(results.policy_categories).toContainEqual(expect.objectContaining({ name: 'KNOWN_HARMFUL', risk_level: 'HIGH', triggered_by: `bank:${bankId}` }));

      const call = await c.receiver.waitFor((r) => r.body.includes(jobId), 60_000);
      expect(verifySignature(call.body, c.deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
      const hook = JSON.parse(call.body.toString()) as { data: { result: typeof results } };
      expect(hook.data.result.matches[0]).toMatchObject({ bank_id: bankId });
      expect(hook.data.result.policy_categories).toContainEqual(expect.objectContaining({ name: 'KNOWN_HARMFUL', risk_level: 'HIGH' }));

      // The moderator rejects it as known content.
      const mod = await c.acme.postJson('/moderate', { classification_job_id: jobId, external_id: 'copy-1' });
      expect(mod.body).toMatchObject({ decision: 'reject', reject_reasons: expect.arrayContaining(['known_content_match']) });

      // An unrelated picture does not match.
      const other = await c.acme.submitFile('/classify/policy/image', { data: await scene(7), filename: 'other.png', type: 'image/png' });
      const otherDone = await c.acme.waitForJob(`/classify/policy/image/${other.body.job_id as string}`, 120_000);
      expect((otherDone.body.results as { matches: unknown[] }).matches).toEqual([]);
    }, 300_000);

    it('a video that shows a banked image for two seconds matches at that frame\'s timestamp', async () => {
      const c = ctx();
      const banked = await scene(2);
      const bank = await c.acme.postJson('/banks', { name: 'video-case', category: 'KNOWN_VIOLENT', risk_level: 'MEDIUM' });
      const bankId = bank.body.bank_id as string;
      const hashed = await c.acme.submitFile('/hash', { data: banked, filename: 'b.png', type: 'image/png' });
      expect(hashed.status).toBe(200);
      expect(hashed.body.pdq).toMatch(/^[0-9a-f]{64}$/);
      const viaHashes = await c.acme.postJson(`/banks/${bankId}/content`, { hashes: [{ pdq: hashed.body.pdq, note: 'by hash' }] });
      expect(viaHashes.status).toBe(201);

      const dir = fs.mkdtempSync(path.join(c.dir, 'bank-video-'));
      const files = [await scene(3), banked, await scene(4)].map((data, i) => {
        const f = path.join(dir, `${i}.png`);
        fs.writeFileSync(f, data);
        return f;
      });
      const video = path.join(dir, 'v.mp4');
      const inputs = files.flatMap((f) => ['-loop', '1', '-t', '2', '-i', f]);
      await run(FFMPEG, ['-v', 'error', ...inputs, '-filter_complex', '[0][1][2]concat=n=3:v=1:a=0,format=yuv420p', '-r', '10', '-c:v', 'libx264', '-y', video]);
      const submit = await c.acme.submitFile('/classify/items-characteristics/video', { data: fs.readFileSync(video), filename: 'v.mp4', type: 'video/mp4' });
      const done = await c.acme.waitForJob(`/classify/items-characteristics/video/${submit.body.job_id as string}`, 180_000);
      expect(done.body.status, JSON.stringify(done.body)).toBe('done');
      const results = done.body.results as { matches: { frame_timestamp: number; bank_id: string }[]; hashes: unknown[] };
      expect(results.hashes.length).toBeGreaterThanOrEqual(5);
      expect(results.matches).toHaveLength(1);
      expect(results.matches[0]!.bank_id).toBe(bankId);
      expect(results.matches[0]!.frame_timestamp).toBeGreaterThanOrEqual(2);
      expect(results.matches[0]!.frame_timestamp).toBeLessThan(4);
    }, 300_000);

    it('exports a bank as CSV and imports it into another; banks are private to their tenant', async () => {
      const c = ctx();
      const a = await c.acme.postJson('/banks', { name: 'export-me' });
      const aId = a.body.bank_id as string;
      const hashes = ['f'.repeat(64), `${'0'.repeat(63)}1`];
      await c.acme.postJson(`/banks/${aId}/content`, { hashes: hashes.map((pdq, i) => ({ pdq, note: `n${i}` })) });
      const csv = await c.acme.request('GET', `/banks/${aId}/export`);
      expect(csv.status).toBe(200);
      expect(String(csv.body)).toContain(hashes[0]);
      const b = await c.acme.postJson('/banks', { name: 'imported' });
      const imported = await c.acme.request('POST', `/banks/${b.body.bank_id as string}/content`, { data: String(csv.body), type: 'text/csv' });
      expect(imported.status).toBe(201);
      expect(imported.body.added).toBe(2);
      const bad = await c.acme.request('POST', `/banks/${b.body.bank_id as string}/content`, { data: 'hash\nnot-a-hash\n', type: 'text/csv' });
      expect(bad.status).toBe(422);
      expect(String(bad.body.message)).toMatch(/line 2/);

      expect((await c.globex.get(`/banks/${aId}/export`)).status).toBe(404);
      expect((await c.globex.request('DELETE', `/banks/${aId}`)).status).toBe(404);
      expect(((await c.globex.get('/banks')).body.banks as unknown[]).map((x) => (x as { bank_id: string }).bank_id)).not.toContain(aId);
      expect((await c.acme.postJson('/banks', { name: 'x', category: 'lower case' })).status).toBe(422);
      expect((await c.acme.request('DELETE', `/banks/${aId}`)).status).toBe(204);
      expect((await c.acme.get(`/banks/${aId}/export`)).status).toBe(404);
    });
  });
}
